/// An entry point for the fuzz target: the whole of `switchyard import` (lexer, constant table, every
/// reader, conversion and the route table check) over one file held in memory.
public enum ImportFuzzing {
    /// Imports one file named `file` (its name picks the reader) with the given text, and returns the
    /// number of routes and warnings. Never traps on any input.
    public static func run(file: String, text: String, includeTests: Bool = false) -> (routes: Int, warnings: Int) {
        var importer = ProjectImporter(domain: nil, includeTests: includeTests)
        importer.add(file: file, text: text)
        let result = importer.finish()
        return (result.file.routes.count, result.warnings.count)
    }
}
