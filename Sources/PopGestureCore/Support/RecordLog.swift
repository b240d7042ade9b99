import Foundation

/// An append-only list of small fixed-size values holding at most one block in memory: full blocks
/// go to an unlinked temporary file. What a replay without records keeps for expectations that may
/// come after the events then costs no memory however long the recording; the few items the
/// expectations read back are fetched from the file.
package final class RecordLog<Element: BitwiseCopyable> {
    private var block: [Element] = []
    private var file: UnsafeMutablePointer<FILE>?
    /// Elements in the file, all before those in `block`.
    private var spilled = 0
    /// No temporary file could be written: the log stays in memory (correct, only not flat).
    private var inMemory = false
    private let blockSize: Int

    package init(blockSize: Int = 1 << 16) {
        self.blockSize = blockSize
    }

    deinit {
        if let file { fclose(file) }
    }

    package var count: Int { spilled + block.count }

    // Prespecialized for `sweep`'s result codes, appended once a gesture from the Kit: unspecialized
    // across the module boundary, each append went through the runtime's generic array code.
    @_specialize(exported:true,where Element == UInt8)
    package func append(_ element: Element) {
        block.append(element)
        if block.count >= blockSize, !inMemory { spill() }
    }

    private func spill() {
        if file == nil { file = tmpfile() }
        let stride = MemoryLayout<Element>.stride
        guard let file, fseeko(file, off_t(spilled * stride), SEEK_SET) == 0,
            block.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == block.count * stride
        else {
            inMemory = true
            return
        }
        spilled += block.count
        block.removeAll(keepingCapacity: true)
    }

    // Prespecialized for the Kit's JSON logs, which append every record's bytes: a generic append
    // called across the module boundary copied them an element at a time through the runtime.
    @_specialize(exported:true,where Element == UInt8)
    package func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        var rest = elements
        while !rest.isEmpty {
            let taken = inMemory ? rest.count : min(rest.count, blockSize - block.count)
            block.append(contentsOf: UnsafeBufferPointer(rebasing: rest.prefix(taken)))
            rest = UnsafeBufferPointer(rebasing: rest.dropFirst(taken))
            if block.count >= blockSize, !inMemory { spill() }
        }
    }

    /// Every element in order, a block at a time; false if the file could not be read back whole.
    @discardableResult
    package func forEachBlock(_ body: (UnsafeBufferPointer<Element>) -> Void) -> Bool {
        if spilled > 0 {
            guard let file, fseeko(file, 0, SEEK_SET) == 0 else { return false }
            let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: blockSize)
            defer { buffer.deallocate() }
            var left = spilled
            while left > 0 {
                let wanted = min(left, blockSize)
                guard fread(buffer.baseAddress, MemoryLayout<Element>.stride, wanted, file) == wanted else {
                    return false
                }
                body(UnsafeBufferPointer(rebasing: buffer.prefix(wanted)))
                left -= wanted
            }
            fseeko(file, off_t(spilled * MemoryLayout<Element>.stride), SEEK_SET)
        }
        block.withUnsafeBufferPointer(body)
        return true
    }

    /// The element at `index`, or nil when it cannot be read back from the file.
    package subscript(index: Int) -> Element? {
        guard index >= 0, index < count else { return nil }
        if index >= spilled { return block[index - spilled] }
        guard let file else { return nil }
        let stride = MemoryLayout<Element>.stride
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride, alignment: MemoryLayout<Element>.alignment)
        defer { buffer.deallocate() }
        guard fseeko(file, off_t(index * stride), SEEK_SET) == 0, fread(buffer, 1, stride, file) == stride else {
            return nil
        }
        return buffer.load(as: Element.self)
    }

    /// The first `n` elements (fewer if some cannot be read back).
    package func prefix(_ n: Int) -> [Element] {
        elements(in: 0..<n)
    }

    /// The elements at the indices of `range` within the log, in one read from the file for those
    /// spilled (fewer if the file cannot be read back whole).
    package func elements(in range: Range<Int>) -> [Element] {
        let range = range.clamped(to: 0..<count)
        var result: [Element] = []
        result.reserveCapacity(range.count)
        let fromFile = range.clamped(to: 0..<spilled)
        if !fromFile.isEmpty {
            let stride = MemoryLayout<Element>.stride
            guard let file, fseeko(file, off_t(fromFile.lowerBound * stride), SEEK_SET) == 0 else { return [] }
            result = Array(unsafeUninitializedCapacity: fromFile.count) { buffer, initialized in
                initialized = fread(buffer.baseAddress, stride, fromFile.count, file)
            }
            guard result.count == fromFile.count else { return result }
        }
        let fromBlock = range.clamped(to: spilled..<count)
        if !fromBlock.isEmpty { result += block[(fromBlock.lowerBound - spilled)..<(fromBlock.upperBound - spilled)] }
        return result
    }
}
