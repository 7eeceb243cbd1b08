#!/usr/bin/env bash
# Install everything the tests need, then run them: import contracts, the headless suite with
# PySide6 blocked (everything below ui must work without Qt), then the Qt tests offscreen.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
. .venv/bin/activate
echo "== import contracts"
lint-imports
echo "== ruff: lint ([tool.ruff] in pyproject.toml) and format check (120 columns)"
ruff check inspector tests scripts benchmarks packaging
ruff format --check inspector tests scripts benchmarks packaging
echo "== mypy: the whole package, and strict on the layers below the window ([tool.mypy])"
mypy inspector
mypy --strict --follow-imports=silent inspector/protocol inspector/transport inspector/session
echo "== headless suite (PySide6 blocked)"
INSPECTOR_BLOCK_QT=1 python -m pytest tests --ignore=tests/ui -q -p no:cacheprovider -p no:pytest-qt "$@"
if [ -d tests/ui ]; then
  echo "== Qt suite (offscreen)"
  QT_QPA_PLATFORM=offscreen python -m pytest tests/ui -q -p no:cacheprovider "$@"
fi
