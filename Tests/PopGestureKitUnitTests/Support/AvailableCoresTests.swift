import Foundation
import Testing

@testable import PopGestureKit

/// `--jobs` counts the processors the process may run on, not those online, and a batch never runs
/// more workers than that (issue 41: `--jobs 4` under `taskset -c 0,1` was slower than `--jobs 2`).
@Suite(.serialized) struct AvailableCoresTests {
    @Test func theMaskCountsItsBits() {
        // Masks as Linux writes them: groups of 32 bits, most significant first.
        #expect(
            Console.allowedProcessors(inStatus: "Name:\tpopgesture\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed:\t00000000,00000005\n") == 2)
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed:\tffffffff,ffffffff\n") == 64)
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed:\t80\n") == 1)
        // No line, an empty mask or a mangled one: nil, and the caller falls back to the processors online.
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed_list:\t0-1\n") == nil)
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed:\t0\n") == nil)
        #expect(Console.allowedProcessors(inStatus: "Cpus_allowed:\tzz\n") == nil)
    }

    #if os(Linux)
        /// glibc's `sched_setaffinity`, which Swift's Glibc module leaves out (a GNU extension).
        private typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
        private typealias GetAffinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32

        /// Runs `body` with the calling thread held to its first allowed processor, then puts its mask
        /// back (an affinity is a thread's own, and procfs's thread-self shows this thread's).
        private func onOneProcessor(_ body: () -> Void) throws {
            let set = unsafeBitCast(try #require(dlsym(nil, "sched_setaffinity")), to: SetAffinity.self)
            let get = unsafeBitCast(try #require(dlsym(nil, "sched_getaffinity")), to: GetAffinity.self)
            var saved = [UInt8](repeating: 0, count: 128)
            try #require(saved.withUnsafeMutableBytes { get(0, 128, $0.baseAddress!) } == 0)
            let first = try #require((0..<(128 * 8)).first { saved[$0 / 8] & (1 << ($0 % 8)) != 0 })
            var one = [UInt8](repeating: 0, count: 128)
            one[first / 8] = 1 << (first % 8)
            try #require(one.withUnsafeBytes { set(0, 128, $0.baseAddress!) } == 0)
            defer { _ = saved.withUnsafeBytes { set(0, 128, $0.baseAddress!) } }
            body()
        }

        @Test func aThreadHeldToOneProcessorHasOneCore() throws {
            let before = Console.availableCores
            try onOneProcessor { #expect(Console.availableCores == 1) }
            #expect(Console.availableCores == before)
        }

        /// coreutils' `nproc` asks `sched_getaffinity` itself (without OpenMP's variables, which it obeys).
        @Test func theCountIsNprocs() throws {
            let nproc = Process()
            nproc.executableURL = URL(fileURLWithPath: "/usr/bin/nproc")
            nproc.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OMP_") }
            let pipe = Pipe()
            nproc.standardOutput = pipe
            try nproc.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            nproc.waitUntilExit()
            let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Int(text) == Console.availableCores)
        }

        @Test func aBatchRunsNoMoreWorkersThanProcessors() throws {
            try onOneProcessor {
                #expect(BatchDriver(paths: [], jobs: 8, console: Console()).jobs == 1)
            }
            #expect(BatchDriver(paths: [], jobs: 1, console: Console()).jobs == 1)
            #expect(BatchDriver(paths: [], jobs: 1000, console: Console()).jobs == Console.availableCores)
        }
    #endif
}
