#import <JLRoutes/JLRoutes.h>

static NSString *const kArticleRoute = @"/article/:id";

void SetUpJLRoutes(void) {
    // Global routes: no scheme, so they match any scheme.
    [[JLRoutes globalRoutes] addRoute:@"/user/view/:userID" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    // Optional parts: JLRoutes registers every combination.
    [[JLRoutes globalRoutes] addRoute:@"/search(/:query)" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    [[JLRoutes globalRoutes] addRoute:@"/path/:thing(/a)(/b)" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    // A scheme of its own, through a variable.
    JLRoutes *thing = [JLRoutes routesForScheme:@"thing"];
    [thing addRoute:@"/foo/*" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    [[JLRoutes routesForScheme:@"thing"] addRoute:@"/wild/*/card" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    // A constant cannot be followed here.
    [[JLRoutes globalRoutes] addRoute:kArticleRoute handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
}
