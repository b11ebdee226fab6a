#!/usr/bin/env bash
# Builds the DocC documentation of the Switchyard, SwitchyardKit, SwitchyardNavigation, SwitchyardTooling and TerminalKit libraries with the
# swift-docc-plugin, warnings as errors (a broken ``Symbol`` link, an undocumented parameter of a
# documented function, a topic that names nothing).
#
#   Scripts/docs.sh
#
# The archives land in .build/plugins/Swift-DocC/outputs/TARGET.doccarchive. The catalogs are
# Sources/Switchyard/Switchyard.docc, Sources/SwitchyardKit/SwitchyardKit.docc and
# Sources/SwitchyardNavigation/SwitchyardNavigation.docc; TerminalKit and SwitchyardTooling have no catalog (their
# pages list their types from their doc comments).
set -euo pipefail
cd "$(dirname "$0")/.."

for target in Switchyard SwitchyardKit SwitchyardNavigation SwitchyardTooling TerminalKit; do
  echo "== docs: $target"
  start=$SECONDS
  swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors
  echo "docs: $target built with no warnings in $((SECONDS - start)) s"
done
