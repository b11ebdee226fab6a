#import "AppDelegate.h"
#import <WLRRoute/WLRRoute.h>

@implementation AppDelegate (Routes)

- (void)setUpWLRRoutes {
    self.router = [[WLRRouter alloc] init];
    // A handler object for the sign-in page; the phone number must be digits.
    [self.router registerHandler:[[WLRSignHandler alloc] init] forRoute:@"/signin/:phone([0-9]+)"];
    [self.router registerBlock:^WLRRouteRequest *(WLRRouteRequest *request) {
        NSLog(@"user %@", request[@"user"]);  // forRoute:@"/not/a/route" inside a string is ignored
        return request;
    } forRoute:@"/user/:user"];
    /* [self.router registerBlock:nil forRoute:@"/commented/out"]; */
    [self.router registerHandler:[[WLRBadHandler alloc] init] forRoute:@"/bad/:code((a+)+)"];
}

@end
