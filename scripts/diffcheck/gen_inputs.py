#!/usr/bin/env python3
"""Writes the fixed inputs of the differential check into DIR (argv[1]).
Deterministic: the same files every run (random.Random with fixed seeds)."""
import os, random, sys
d = sys.argv[1]
os.makedirs(d, exist_ok=True)
def w(name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)
r = random.Random(20251123)
# large positions, ~500-2000 characters
def stacks(n, lo, hi):
    return " ".join("".join(r.choice("01") for _ in range(r.randint(lo, hi))) for _ in range(n))
w("large-binim2.txt", stacks(50, 20, 40))
w("large-binim.txt", stacks(40, 10, 30))
w("large-binim-lose.txt", " ".join(["01"] * 300))
def row(n, letters, p):
    return "".join(r.choice(letters) if r.random() < p else "." for _ in range(n))
w("large-abgame.txt", row(1500, "AB", 0.15))
w("large-abgame-small.txt", row(600, "AB", 0.3))
w("large-adapwns.txt", row(1500, "P", 0.2))
w("large-adapwns-small.txt", row(500, "P", 0.4))
w("large-binstring.txt", "".join(r.choice("01") for _ in range(1500)))
w("large-binstring-even.txt", "".join(r.choice("011") for _ in range(700)))
w("large-nim.txt", " ".join(str(r.randint(0, 10**9)) for _ in range(150)))
w("large-nim-small.txt", " ".join(str(r.randint(0, 9)) for _ in range(300)))
w("file12k-adapwns.txt", row(12000, "P", 0.2))
w("file12k-abgame.txt", row(12000, "AB", 0.1))
w("file12k-binstring.txt", "".join(r.choice("01") for _ in range(12000)))
w("file12k-nim.txt", " ".join(str(r.randint(0, 10**6)) for _ in range(1500)))
w("file12k-binim2.txt", stacks(400, 20, 40))
w("toolong-adapwns.txt", "." * 6500 + "P")
w("huge-adapwns.txt", "." * 20500 + "P")
# judge inputs
w("judge-binim2.txt", "3\n2 Dee\n010\n101\n1 Dum\n0\n3 Dum\n0011\n10\n1\n")
w("judge-binim.txt", "3\n2 Dee\n010\n101\n1 Dum\n0\n2 Dum\n000\n11\n")
w("judge-abgame.txt", "3\nA.B\nA..B\nA..B.A..B\n")
w("judge-adapwns.txt", "3\n..P.P\n.P..P.P\nP...P..P\n")
w("judge-binstring.txt", "3\n00011\n000011\n0110011\n")
w("judge-nim.txt", "4\n3 4 5\n1 2 3\n1 1 1\n0\n")
w("judge-misere.txt", "4\n3 4 5\n1 2 3\n1 1 1\n0\n")
w("judgebad-binim2.txt", "1\n2 Bob\n01\n10\n")
w("judgebad-binim.txt", "2\n1 Dee\n012\n")
w("judgebad-abgame.txt", "2\nA.B\nA.C\n")
w("judgebad-adapwns.txt", "1\nA.B\n")
w("judgebad-binstring.txt", "1\n012\n")
w("judgebad-nim.txt", "1\n3 x\n")
w("judgebad-misere.txt", "3\n1 2\n")
w("judgebig-adapwns.txt", "501\n" + "..P.P\n" * 501)
w("judgebig-nim.txt", "1\n" + " ".join(["1"] * 101) + "\n")
w("judgebig-abgame.txt", "200\n" + "".join(row(r.randint(1, 60), "AB", 0.3) + "\n" for _ in range(200)))
w("empty.txt", "")
w("picture.png", "\x89PNG\r\n\x1a\n" + "x" * 40)
