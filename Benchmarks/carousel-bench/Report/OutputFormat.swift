/// The forms a command's output can take (`--format`).
enum OutputFormat: String, CaseIterable {
    case table, markdown, csv, json
}
