import Foundation

/// Runs `ohk` with stderr on a pseudo-terminal, as in an interactive shell, and stdout on a pipe (python3's `pty`
/// module, which the export generator already needs, allocates the terminal).
enum PseudoTerminal {
    struct Result {
        var status: Int32
        var stdout: String
        var terminal: String
    }

    static let script = """
        import os, pty, subprocess, sys, threading
        master, slave = pty.openpty()
        child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        seen = []
        def drain():
            while True:
                try:
                    data = os.read(master, 4096)
                except OSError:
                    break
                if not data:
                    break
                seen.append(data)
        reader = threading.Thread(target=drain)
        reader.start()
        out = child.stdout.read()
        child.wait()
        reader.join()
        sys.stdout.buffer.write(out)
        sys.stderr.buffer.write(b"".join(seen))
        sys.exit(child.returncode)
        """

    static func runWithTerminalStderr(_ arguments: [String]) throws -> Result {
        guard let binary = OHKProcess.binary() else { throw CocoaError(.fileNoSuchFile) }
        let result = try OHKProcess.capture(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, binary.path] + arguments)
        return Result(status: result.status, stdout: result.stdout, terminal: result.stderr)
    }
}
