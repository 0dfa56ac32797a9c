#!/usr/bin/env bash
# Runs goja's test262 harness (third_party/goja/tc39_test.go) against a test262 checkout kept
# outside this repository, at the commit goja pins (third_party/goja/.tc39_test262_checkout.sh),
# and prints pass/fail/skip counts per area. test262 itself never enters the repository.
#
#   scripts/goja-test262.sh /path/to/test262 [AREA_REGEX]
#   e.g. scripts/goja-test262.sh ~/test262 'test/built-ins/Promise/'
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
t262=${1:?usage: scripts/goja-test262.sh TEST262_DIR [AREA_REGEX]}
area=${2:-}
want=$(sed -n 's/^sha=//p' "$root/third_party/goja/.tc39_test262_checkout.sh")
have=$(git -C "$t262" rev-parse HEAD)
[ "$want" = "$have" ] || echo "warning: $t262 is at $have, goja pins $want" >&2
ln -sfn "$(cd "$t262" && pwd)" "$root/third_party/goja/testdata/test262"
out=$(mktemp)
(cd "$root/third_party/goja" && go test -count=1 -json -timeout 60m -run "TestTC39/tc39/${area}" . >"$out" || true)
python3 - "$out" <<'PY'
import json, sys, collections
areas = collections.defaultdict(collections.Counter)
total = collections.Counter()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    t = e.get("Test", "")
    if not t.startswith("TestTC39/tc39/") or not t.endswith(".js") or e.get("Action") not in ("pass", "fail", "skip"):
        continue
    area = "/".join(t[len("TestTC39/tc39/"):].split("/")[:3])
    areas[area][e["Action"]] += 1
    total[e["Action"]] += 1
for a in sorted(areas):
    c = areas[a]
    print(f"{a}: {c['pass']} passed, {c['fail']} failed, {c['skip']} skipped")
print(f"{total['pass']} passed, {total['fail']} failed, {total['skip']} skipped")
PY
rm -f "$out"
