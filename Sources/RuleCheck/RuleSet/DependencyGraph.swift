/// Cycle detection and topological ordering over the fields' dependency edges.
enum DependencyGraph {
    /// A cycle: the fields in order (the first repeated at the end) and the edge between each pair.
    struct Cycle {
        let edges: [DependencyEdge]
    }

    /// Every field in topological order, or the cycles that prevent one.
    ///
    /// Among fields that are ready at the same time the lowest id (file order) comes first, so
    /// the order is deterministic and close to the order of the file.
    ///
    /// - Complexity: O((V + E) log V).
    static func order(fieldCount: Int, edges: [DependencyEdge]) -> Result<[FieldID], CycleError> {
        var outgoing = [[Int]](repeating: [], count: fieldCount)
        var incoming = [Int](repeating: 0, count: fieldCount)
        for edge in edges {
            outgoing[edge.from.index].append(edge.to.index)
            incoming[edge.to.index] += 1
        }
        var ready = BinaryHeap<Int>()
        for field in 0..<fieldCount where incoming[field] == 0 { ready.insert(field) }
        var order: [FieldID] = []
        order.reserveCapacity(fieldCount)
        while let field = ready.popMin() {
            order.append(FieldID(field))
            for next in outgoing[field] {
                incoming[next] -= 1
                if incoming[next] == 0 { ready.insert(next) }
            }
        }
        if order.count == fieldCount { return .success(order) }
        return .failure(CycleError(cycles: cycles(among: Set((0..<fieldCount).filter { incoming[$0] > 0 }), edges: edges)))
    }

    struct CycleError: Error {
        let cycles: [Cycle]
    }

    /// One cycle per strongly connected group of the fields left over by the topological sort.
    private static func cycles(among remaining: Set<Int>, edges: [DependencyEdge]) -> [Cycle] {
        var outgoing: [Int: [DependencyEdge]] = [:]
        for edge in edges where remaining.contains(edge.from.index) && remaining.contains(edge.to.index) {
            outgoing[edge.from.index, default: []].append(edge)
        }
        var reported = Set<Int>()
        var cycles: [Cycle] = []
        for start in remaining.sorted() where !reported.contains(start) {
            guard let cycle = findCycle(from: start, outgoing: outgoing) else { continue }
            // Report each cycle once, however many fields lead into it.
            let members = Set(cycle.map(\.from.index))
            guard reported.isDisjoint(with: members) else { continue }
            reported.formUnion(members)
            cycles.append(Cycle(edges: rotatedToLowest(cycle)))
        }
        return cycles
    }

    /// Follows edges from `start` (iteratively, so long chains do not exhaust the stack) until a
    /// field repeats; returns the edges of that loop.
    private static func findCycle(from start: Int, outgoing: [Int: [DependencyEdge]]) -> [DependencyEdge]? {
        var path: [DependencyEdge] = []
        var positionOnPath: [Int: Int] = [start: 0]
        var visited = Set<Int>()
        var stack: [(node: Int, next: Int)] = [(start, 0)]
        while var top = stack.popLast() {
            let candidates = outgoing[top.node] ?? []
            guard top.next < candidates.count else {
                visited.insert(top.node)
                positionOnPath[top.node] = nil
                if !path.isEmpty { path.removeLast() }
                continue
            }
            let edge = candidates[top.next]
            top.next += 1
            stack.append(top)
            let target = edge.to.index
            if let position = positionOnPath[target] {
                return Array(path[position...]) + [edge]
            }
            guard !visited.contains(target) else { continue }
            path.append(edge)
            positionOnPath[target] = path.count
            stack.append((target, 0))
        }
        return nil
    }

    private static func rotatedToLowest(_ cycle: [DependencyEdge]) -> [DependencyEdge] {
        guard let lowest = cycle.indices.min(by: { cycle[$0].from < cycle[$1].from }) else { return cycle }
        return Array(cycle[lowest...] + cycle[..<lowest])
    }
}
