#import <JLRoutes/JLRoutes.h>

static NSString *const kArticleRoute = @"/article/:id";
#define kTeamRoute @"/team/" @":teamID"
#define kTeamAlias kTeamRoute
#define kLoopA kLoopB
#define kLoopB kLoopA
static NSString *const kBuiltRoute = [@"/built/" stringByAppendingString:@":id"];

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
    // Constants holding a literal are followed, through another #define too.
    [[JLRoutes globalRoutes] addRoute:kArticleRoute handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    [[JLRoutes globalRoutes] addRoute:kTeamAlias handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    // Adjacent literals are one string.
    [[JLRoutes globalRoutes] addRoute:@"/league/" @":leagueID" handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    // Not followable: a cycle, a message send, a name defined nowhere.
    [[JLRoutes globalRoutes] addRoute:kLoopA handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    [[JLRoutes globalRoutes] addRoute:kBuiltRoute handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
    [[JLRoutes globalRoutes] addRoute:kNowhere handler:^BOOL(NSDictionary *parameters) {
        return YES;
    }];
}
