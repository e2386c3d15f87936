/// A binary min-heap: the smallest element first.
///
/// ```swift
/// var heap = BinaryHeap<Int>()
/// heap.insert(3); heap.insert(1)
/// heap.popMin()   // 1
/// ```
///
/// Used to order the dependency graph (ready fields, lowest id first) and to re-evaluate a form's
/// slots in topological order.
struct BinaryHeap<Element: Comparable> {
    private var elements: [Element] = []

    var isEmpty: Bool { elements.isEmpty }

    /// - Complexity: O(log n).
    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element.
    ///
    /// - Complexity: O(log n).
    mutating func popMin() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let minimum = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count && elements[left] < elements[smallest] { smallest = left }
            if right < elements.count && elements[right] < elements[smallest] { smallest = right }
            guard smallest != parent else { return minimum }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
