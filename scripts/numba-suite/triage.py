"""Print one line per failing/erroring test from logs/*.xml: test, first
message line.  usage: python triage.py [module ...]"""
import glob, os, sys
import xml.etree.ElementTree as ET
mods = sys.argv[1:]
files = sorted(glob.glob("logs/*.xml"))
tot = {}
for f in files:
    b = os.path.basename(f)[:-4]
    if mods and b not in mods:
        continue
    try:
        r = ET.parse(f).getroot()
    except Exception as e:
        print(b, "XML?", e); continue
    p = fl = sk = 0
    for tc in r.iter("testcase"):
        bad = tc.find("failure")
        if bad is None:
            bad = tc.find("error")
        if tc.find("skipped") is not None:
            sk += 1; continue
        if bad is None:
            p += 1; continue
        fl += 1
        msg = (bad.get("message") or "").strip().splitlines()
        msg = msg[0] if msg else ""
        print(f"{b}::{tc.get('classname').split('.')[-1]}::{tc.get('name')}: {msg[:300]}")
    tot[b] = (p, fl, sk)
print()
for b, (p, fl, sk) in tot.items():
    print(f"{b}: passed {p} failed {fl} skipped {sk}")
