"""A profile's problems are keyed (issue 22): each is the English sentence the CLI and the
importer print, and carries the code and values a front-end words it from in its language."""

from __future__ import annotations

import copy
import pickle

from inspector.session.profiles import Problem, ServerProfile, url_problem


def test_a_problem_is_its_english_sentence_with_its_code_and_values():
    problem = Problem("url-not-http", url="ftp://x")
    assert problem == "ftp://x is not an http:// or https:// URL." and isinstance(problem, str)
    assert problem.code == "url-not-http" and problem.values == {"url": "ftp://x"}
    assert (
        "; ".join([problem, Problem("name-missing")])
        == "ftp://x is not an http:// or https:// URL.; Give the server a name."
    )


def test_problems_name_their_codes_and_keep_the_english_words():
    problems = ServerProfile(
        name=" ", command="", cwd="/no/such/folder/here", max_line=10, args=["${secret:TOKEN}"]
    ).problems()
    assert {k: (p.code, str(p)) for k, p in problems.items()} == {
        "name": ("name-missing", "Give the server a name."),
        "command": ("command-missing", "The command to start the server is missing."),
        "max_line": ("line-limit", "The line limit must be at least 1 KiB."),
        "cwd": ("cwd-not-folder", "/no/such/folder/here is not a folder."),
        "args": ("secret-unknown", "No environment variable TOKEN for ${secret:…} to take its value from."),
    }
    assert url_problem("http://h:99999/mcp").code == "url-port"
    assert url_problem("http://h/mcp") is None


def test_a_problem_survives_a_copy_and_pickle():
    problem = Problem("env-name", name="A=B")
    for again in (copy.deepcopy(problem), pickle.loads(pickle.dumps(problem))):
        assert again == problem and again.code == "env-name" and again.values == {"name": "A=B"}
