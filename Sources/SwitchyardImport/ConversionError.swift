/// Why a component could not be converted.
struct ConversionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
