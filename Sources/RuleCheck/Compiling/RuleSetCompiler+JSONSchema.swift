/// `json_schema:` (or an imported schema): compiled by the JSON Schema evaluator, every problem
/// of the schema an error at its keyword's line and column.
extension RuleSetCompiler {
    mutating func compileJSONSchema(_ spec: JSONSchemaSpec) -> RecordSchema? {
        var options = SchemaEvaluationOptions()
        // A schema that refers to one not given still checks everything else; the records that
        // reach the reference fail (they cannot be checked), and lint warns.
        options.allowUnresolvedReferences = true
        // A schema without `$schema`: the dialect its keywords were written for.
        options.defaultDialect = SchemaDialect.guessed(for: spec.root)
        switch spec.context.formats {
        case .dialectDefault: options.formats = .dialectDefault
        case .annotate: options.formats = .annotate
        case .assert: options.formats = .assert
        }
        do {
            let evaluator = try JSONSchemaEvaluator(
                root: spec.root, baseURI: spec.context.baseURI, documents: spec.context.documents, options: options)
            for reference in evaluator.unresolvedReferences {
                let location = reference.isInRootDocument ? spec.location(of: reference.pointer) : spec.location
                diagnostics.append(
                    Diagnostic(
                        .warning, .schemaReferenceNotGiven,
                        "\(Self.shown(reference.pointer)): $ref '\(reference.uri)' is a schema that was not given (nothing is fetched): records that reach it fail",
                        at: location))
            }
            return RecordSchema(evaluator: evaluator, text: spec.text.hasSuffix("\n") ? spec.text : spec.text + "\n")
        } catch {
            schemaFailed = true
            for problem in error.problems {
                let location = problem.isInRootDocument ? spec.location(of: problem.pointer) : spec.location
                let place = problem.isInRootDocument ? Self.shown(problem.pointer) : problem.documentURI + "#" + problem.pointer
                self.error(Self.code(of: problem), "\(place): \(problem.message)", at: location)
            }
            return nil
        }
    }

    /// The code of a problem of the schema: a pattern that is not ECMA-262 and a `$ref` that
    /// finds nothing have codes of their own, as when the import reports them.
    private static func code(of problem: SchemaCompileError.Problem) -> DiagnosticCode {
        switch problem.kind {
        case .invalid: .invalidSchema
        case .notECMARegex: .unsupportedSchemaRegex
        case .unresolvedReference: .unresolvedSchemaReference
        }
    }

    /// A JSON pointer as diagnostics show it: `/` for the whole schema.
    private static func shown(_ pointer: String) -> String { pointer.isEmpty ? "/" : pointer }
}
