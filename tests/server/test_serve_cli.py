"""`fruitspec serve` refuses bad arguments with one line and exit status 2."""
from __future__ import annotations

import pytest

from engine.cli.main import main


@pytest.mark.parametrize("args, needle", [
    (["--port", "70000"], "--port must be 0..65535"),
    (["--port", "abc"], "invalid int value"),
    (["--agent-delay", "-1"], "--agent-delay must be"),
    (["--idle-timeout", "0"], "--idle-timeout must be"),
    (["--create-rate", "-1"], "--create-rate must be"),
    (["--ws-per-client", "0"], "--ws-per-client must be"),
    (["--forwarded-allow-ips", "10.0.0.0/8,proxy.example"], "--forwarded-allow-ips"),
    (["--db", "/nonexistent-folder/x/t.sqlite3", "--port", "0"], "its folder must exist"),
])
def test_bad_arguments_are_one_line_and_exit_2(args, needle, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as info:
        main(["serve", *args])
    err = capsys.readouterr().err
    assert info.value.code == 2 and needle in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # no database was made on the way
