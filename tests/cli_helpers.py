"""Running the command line in-process, for the tests of probe's options."""

from __future__ import annotations

import pytest

from inspector import cli


def usage_error(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    """Run ``probe ARGS``, which must be refused as a usage error (exit 2, nothing on stdout);
    what it said on stderr."""
    with pytest.raises(SystemExit) as info:
        cli.main(["probe", *args])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err
