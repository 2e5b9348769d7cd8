"""A server that cannot listen says so in one line and exits 69, for `ohk serve` and `ohk dashboard` alike."""

import socket
import subprocess

from conftest import ohk_binary


def test_a_taken_port_is_one_line_and_exit_69(tmp_path):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        commands = [
            [ohk_binary(), "serve", "--data", str(tmp_path / "data"), "--port", str(port)],
            [ohk_binary(), "dashboard", "--store", str(tmp_path / "me.sqlite"), "--port", str(port)],
        ]
        for command in commands:
            done = subprocess.run(command, capture_output=True, text=True, timeout=60)
            assert done.returncode == 69, (command[1], done.returncode, done.stderr)
            lines = done.stderr.strip().splitlines()
            assert lines[-1] == f"error: cannot listen on 127.0.0.1:{port}: the port is already in use " \
                                "(another server?); choose another port", (command[1], done.stderr)
