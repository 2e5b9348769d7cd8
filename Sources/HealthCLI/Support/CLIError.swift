import ArgumentParser

/// An error the command line reports as one `error: …` line on stderr, with an exit status a script can rely
/// on (the BSD `sysexits.h` values).
///
/// | status | meaning |
/// |---|---|
/// | 0 | success |
/// | 64 | usage: a bad option, argument, type, unit, source or date |
/// | 65 | bad input: the file is not a readable Health export (truncated, not XML, no export inside the zip) |
/// | 66 | no input: the file does not exist or cannot be read |
/// | 69 | unavailable: a server cannot listen (the port is in use, or not allowed) |
/// | 70 | internal: anything unexpected |
/// | 73 | cannot create: the output file exists (without `--force`) or cannot be written |
/// | 74 | store: the store file cannot be opened, read or written |
struct CLIError: Error, CustomStringConvertible {
    /// The exit statuses `ohk` uses.
    enum Status: Int32, CaseIterable {
        case usage = 64
        case badInput = 65
        case noInput = 66
        case unavailable = 69
        case `internal` = 70
        case cannotCreate = 73
        case store = 74
    }

    /// The exit status.
    var status: Status
    /// The message after `error: ` (one line).
    var message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }

    /// A usage error (64), like ArgumentParser's `ValidationError`.
    static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
}

extension CLIError.Status {
    /// The exit status table the `--help` discussion and the README show.
    static var documentation: String {
        """
          0   success
          64  usage: a bad option, argument, type name, unit, source or date
          65  bad input: not a readable Health export (truncated, not XML, no export)
          66  no input: the file does not exist or cannot be read
          70  internal error
          73  cannot create the output file (it exists, or is not writable)
          74  the store file cannot be opened, read or written
        """
    }
}
