#!/bin/sh
# Install (or uninstall) the MCP Session Inspector bundle from this unpacked tarball.
#
#   ./install.sh                          # into ~/.local (no root needed)
#   sudo ./install.sh --prefix /opt/mcp-session-inspector
#   ./install.sh --uninstall [--prefix DIR]
#
# What goes where (PREFIX = ~/.local unless --prefix):
#   PREFIX/lib/mcp-session-inspector/       the bundle (executable + _internal/), and this script
#   PREFIX/bin/mcp-session-inspector        a symbolic link to the executable
#   SHARE/applications/ID.desktop           the menu entry (Exec= the absolute path above)
#   SHARE/icons/hicolor/*/apps/ID.{png,svg} the icon, 16 to 256 px and scalable
#   SHARE/metainfo/ID.metainfo.xml          AppStream metadata (software centres)
#   SHARE/mime/packages/ID.xml              the file types it opens that have none (*.jsonl, *.har)
# SHARE is PREFIX/share for ~/.local, /usr/local and /usr; for any other prefix (/opt/...) the
# desktop only looks in /usr/local/share, so SHARE is /usr/local/share there (--share DIR
# overrides). Your settings (~/.config/mcp-session-inspector/) are never touched.
set -eu

ID=io.github.mcp_session_inspector.Inspector
NAME=mcp-session-inspector
here=$(cd "$(dirname "$0")" && pwd)
prefix=""
share=""
action=install

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --share) [ $# -ge 2 ] || { echo "install.sh: --share needs a directory" >&2; exit 2; }; share=$2; shift 2 ;;
    --share=*) share=${1#--share=}; shift ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done

if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] || { echo "install.sh: HOME is not set; give --prefix" >&2; exit 2; }
  prefix=$HOME/.local
fi
case "$prefix" in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
prefix=${prefix%/}
if [ -z "$share" ]; then
  case "$prefix" in
    "${HOME:-/nonexistent}/.local"|/usr/local|/usr) share=$prefix/share ;;
    *) share=/usr/local/share ;;
  esac
fi
libdir=$prefix/lib/$NAME
bindir=$prefix/bin
sizes="16 32 48 64 128 256"

refresh_caches() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$share/applications" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
  command -v update-mime-database >/dev/null 2>&1 && [ -d "$share/mime/packages" ] && update-mime-database "$share/mime" 2>/dev/null || true
}

if [ "$action" = uninstall ]; then
  rm -rf "$libdir"
  if [ -L "$bindir/$NAME" ]; then rm -f "$bindir/$NAME"; fi
  rm -f "$share/applications/$ID.desktop" "$share/metainfo/$ID.metainfo.xml" "$share/icons/hicolor/scalable/apps/$ID.svg"
  for s in $sizes; do rm -f "$share/icons/hicolor/${s}x${s}/apps/$ID.png"; done
  rm -f "$share/mime/packages/$ID.xml"
  # no other program's types left: what update-mime-database made from ours goes too
  if [ -d "$share/mime/packages" ] && [ -z "$(ls -A "$share/mime/packages")" ]; then rm -rf "$share/mime"; fi
  refresh_caches
  echo "Uninstalled $NAME from $prefix (desktop entry and icons from $share)."
  echo "Your settings are kept: ${XDG_CONFIG_HOME:-~/.config}/$NAME/ (delete it to forget them)."
  exit 0
fi

[ -x "$here/app/$NAME" ] || { echo "install.sh: $here/app/$NAME not found: run this from the unpacked tarball" >&2; exit 1; }
mkdir -p "$prefix/lib" "$bindir" "$share/applications" "$share/metainfo" "$share/mime/packages"
# a fresh copy: files of an older version must not linger in _internal/
rm -rf "$libdir.new"
cp -R "$here/app" "$libdir.new"
cp "$here/install.sh" "$libdir.new/install.sh"
rm -rf "$libdir"
mv "$libdir.new" "$libdir"
ln -sfn "$libdir/$NAME" "$bindir/$NAME"

sed "s|^Exec=[^ ]*|Exec=$libdir/$NAME|" "$here/share/applications/$ID.desktop" > "$share/applications/$ID.desktop"
chmod 644 "$share/applications/$ID.desktop"
cp "$here/share/metainfo/$ID.metainfo.xml" "$share/metainfo/"
cp "$here/share/mime/packages/$ID.xml" "$share/mime/packages/"
for s in $sizes scalable; do
  d=${s}x${s}
  [ "$s" = scalable ] && d=scalable
  mkdir -p "$share/icons/hicolor/$d/apps"
  for f in "$here/share/icons/hicolor/$d/apps/$ID".*; do cp "$f" "$share/icons/hicolor/$d/apps/"; done
done
refresh_caches

echo "Installed $NAME $(cat "$here/VERSION" 2>/dev/null || true) into $libdir"
echo "  command:       $bindir/$NAME   (--help, --version, --self-test)"
echo "  menu entry:    $share/applications/$ID.desktop"
echo "  uninstall:     $libdir/install.sh --uninstall$( [ "$prefix" = "${HOME:-}/.local" ] || printf ' --prefix %s' "$prefix")"
case ":${PATH:-}:" in
  *":$bindir:"*) ;;
  *) echo "  note: $bindir is not on your PATH; add it, or run $bindir/$NAME" ;;
esac
