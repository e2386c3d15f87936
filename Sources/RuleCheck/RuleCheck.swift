// RuleCheck: rules model, parser, expressions, compiler, engine.
