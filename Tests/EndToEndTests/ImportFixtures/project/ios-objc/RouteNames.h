// Route names shared by the MGJRouter registrations.
#define R_Detail @"mgj://detail/" @":id"
FOUNDATION_EXPORT NSString *const R_Declared_Only;
