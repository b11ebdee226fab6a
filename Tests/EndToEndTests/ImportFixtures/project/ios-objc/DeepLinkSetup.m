#import <DeepLinkKit/DeepLinkKit.h>

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.router = [[DPLDeepLinkRouter alloc] init];
    // Route a path to a handler class.
    self.router[@"dpl://product/:sku"] = [DPLProductRouteHandler class];
    // Or to a block.
    self.router[@"dpl://log/:message"] = ^(DPLDeepLink *link) {
        NSLog(@"%@", link.routeParameters[@"message"]);
    };
    [self.router registerHandlerClass:[DPLOrderRouteHandler class] forRoute:@"dpl://order/:orderID"];
    // The same pattern twice with another handler: the second is reported.
    self.router[@"dpl://product/:sku"] = [DPLOtherProductHandler class];
    return YES;
}
