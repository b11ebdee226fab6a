#import "MGJRouter.h"
#import "RouteNames.h"

@implementation MGJSetup

+ (void)load {
    [MGJRouter registerURLPattern:@"mgj://foo/bar/:id" toHandler:^(NSDictionary *routerParameters) {
        NSLog(@"%@", routerParameters[@"id"]);
    }];
    [MGJRouter registerURLPattern:@"mgj://category/~" toHandler:^(NSDictionary *routerParameters) {
    }];
    [MGJRouter registerURLPattern:@"mgj://detail?id=:id" toHandler:^(NSDictionary *routerParameters) {
    }];
    [MGJRouter registerURLPattern:@"mgj://search/:keyword" toObjectHandler:^id(NSDictionary *routerParameters) {
        return nil;
    }];
    [MGJRouter registerURLPattern:R_Detail toHandler:^(NSDictionary *routerParameters) {
    }];
}

@end
