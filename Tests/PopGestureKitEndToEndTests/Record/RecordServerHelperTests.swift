import Foundation
import Testing

/// `record --serve` runs in popgesture-record, beside popgesture, so that popgesture itself loads no
/// HTTP library.
@Suite struct RecordServerHelperTests {
    /// Beside the built popgesture, where `swift build` and `make install` put it.
    static let helper = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent()
        .appendingPathComponent("popgesture-record").path

    /// The exit status and standard error of `executable` run in `directory`.
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    #if os(Linux)
        /// The shared libraries the dynamic loader maps for `binary`, as ldd lists them (ld.so's own
        /// listing, so that no ldd need be installed).
        static func loadedLibraries(_ binary: String) throws -> String {
            let dir = try CLI.fixture([:])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }

        @Test func onlyTheHelperLoadsFoundationNetworkingAndCurl() throws {
            let main = try Self.loadedLibraries(CLI.binary)
            #expect(main.contains("libFoundation.so"), "no library listing: \(main)")
            #expect(!main.contains("libFoundationNetworking") && !main.contains("libcurl"))
            let helper = try Self.loadedLibraries(Self.helper)
            #expect(helper.contains("libFoundationNetworking.so") && helper.contains("libcurl"))
        }
    #endif

    @Test func aMissingHelperIsAnErrorThatSaysWhereItWasLookedFor() throws {
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: dir + "/bin/popgesture")
        let (status, stderr) = try Self.run(
            dir + "/bin/popgesture", ["record", "--serve", "--port", "0", "--host", "127.0.0.1", "--out", "OUT"],
            in: dir)
        #expect(status == 2)
        #expect(
            stderr
                == "error: `record --serve` runs its server in popgesture-record beside popgesture, and \(dir)/bin/popgesture-record cannot be started: No such file or directory (install popgesture with `make install`, which puts popgesture-record beside it, or build both with `swift build`)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: dir + "/OUT"))
    }

    /// The helper run alone reads the record command's line, and serves only.
    @Test func theHelperAloneRefusesPageMode() throws {
        let dir = try CLI.fixture([:])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, stderr) = try Self.run(Self.helper, ["--page"], in: dir)
        #expect(status == 2)
        #expect(stderr.hasPrefix("Error: popgesture-record serves only: give --serve"))
    }
}
