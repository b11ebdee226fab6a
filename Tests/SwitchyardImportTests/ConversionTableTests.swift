import Testing

@testable import SwitchyardImport
