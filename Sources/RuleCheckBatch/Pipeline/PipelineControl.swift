/// What a pipeline's consumer wants after an item: more, or stop now.
///
/// ```swift
/// consume: { violations in
///     found += violations.count
///     return found >= maxViolations ? .stop : .proceed
/// }
/// ```
package enum PipelineControl: Sendable, Hashable {
    /// Deliver the next item.
    case proceed
    /// Deliver nothing more: stop producing, let workers finish what they hold, and return.
    case stop
}
