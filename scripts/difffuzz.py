#!/usr/bin/env python3
"""Differential fuzzer: pyjit vs numba-cuda on random scalar elementwise kernels.

    PYTHONPATH=/path/to/pyjit/python /opt/torch/.venv/bin/python scripts/difffuzz.py \
        [--seed 1] [--n 600] [--time-limit 420] [--out DIR] [--backend both|pyjit-only|check]
        [--avoid-known] [--start K] [--per-kernel-timeout 30]

Each kernel is

    def k(a, b, c, out):
        i = cuda.grid(1)
        if i < out.size:
            <a few random statements computing t0, t1, ... from a[i], b[i], c[i]>
            out[i] = <expr>

with a, b, c of random dtypes (float16/32/64, int32/64, uint8/32, bool), 256 elements holding
special values (0, -0.0, +-1, huge, tiny, subnormal, inf, nan, int min/max), and out float64 (or
int64 when the stored expression is an integer or bool by construction).  The same source is
written to two module files (/tmp/difffuzz_kernels/k_<n>_pyjit.py with `from pyjit import cuda`,
k_<n>_numba.py with `from numba import cuda`), compiled eagerly by each with the same signature,
run on the GPU, and the outputs compared bit for bit (raw bits: -0.0 vs 0.0 counts, NaN
sign/payload differences are reported apart, as low priority).  Kernel n depends only on
(--seed, n): `--start n --n 1` regenerates it.

The generator models numba-cuda 0.30's typing so that every kernel types there (checked with
--backend check over thousands of kernels: numba-cuda compiles all, and its types of t0, t1, ...
are the model's): integer ops in 64 bits (unsigned only if both are), NumPy promotion for
mixed/unified types, numba-cuda's float16 templates, math.floor/ceil/trunc giving a float (also of
an integer), no constant branch conditions (numba prunes those), no truth test of a float16
(numba-cuda: invalid NVVM IR), no int ** negative int, no integer division by zero, no shift by
a negative amount or >= 64, float -> int conversions guarded against NaN/inf/overflow (except
kernels tagged raw_float_to_int).  It keeps away from pyjit's documented deliberate difference:
a Python literal (or a local holding one, or a constant expression) is weak in pyjit (NumPy 2:
float32 * 2.5 stays float32, numba computes in float64), so a literal meeting a float32/float16
value is spelled np.float32(...)/np.float64(...) and a literal assigned to a variable
np.int64(...)/np.float64(...).  It also avoids two places where pyjit rejected what numba
accepts (found while writing this; both compile since 2026-12-04, when pyjit's variables became
numba's SSA versions with phis): `x op= y` changing x's type, and a variable reassigned in one
branch with another type.

Outputs under --out (default $OUT, else /tmp/difffuzz_out):
    difffuzz.log       one line per kernel (status, dtypes, tags, first message), then the summary
    mismatch_<n>.py    a self-contained reproducer per value mismatch (kernel source, the
                       differing elements' inputs as exact bits, both outputs), with
                       mismatch_<n>_{a,b,c,out_pyjit,out_numba}.npy beside it
    kernel_<n>.py      the source of every kernel that failed to compile (or to run) on one side

Tags in the log name constructs a kernel contains; KNOWN_TAGS marks those where pyjit is known
to differ (the summary lists those mismatches apart; --avoid-known leaves them out).

--backend check needs no GPU (numba-cuda and its NVVM pip wheels, pyjit on its CPU backend):
it checks the generator (numba typing + NVVM compile, the type model, pyjit compiles and runs,
no weak-literal effect) and is the way to test a change to the generator.

Import order on the GPU machine matters: pyjit is imported before numba (static TLS).
"""

import argparse
import importlib
import math
import os
import random
import re
import shutil
import signal
import sys
import time
import traceback
import warnings

import numpy as np

T_START = time.time()
sys.dont_write_bytecode = True

KDIR = "/tmp/difffuzz_kernels"
NELEM = 256
BLOCKS, THREADS = 2, 128

# --------------------------------------------------------------------------------------------
# Type model (numba.cuda's typing, as far as these kernels need it)
# --------------------------------------------------------------------------------------------

INT = ("u8", "i32", "u32", "i64", "u64")
UNS = ("u8", "u32", "u64")
FLT = ("f16", "f32", "f64", "fx")          # fx: a float whose width the model is unsure of
NP_OF = {"b": np.bool_, "u8": np.uint8, "i32": np.int32, "u32": np.uint32, "i64": np.int64,
         "u64": np.uint64, "f16": np.float16, "f32": np.float32, "f64": np.float64}
TY_OF_NP = {np.dtype(v): k for k, v in NP_OF.items()}
SIGNAME = {"b": "boolean", "u8": "uint8", "i32": "int32", "u32": "uint32", "i64": "int64",
           "u64": "uint64", "f16": "float16", "f32": "float32", "f64": "float64"}
INPUT_TYPES = ["f32", "f64", "i32", "i64", "u32", "u8", "b", "f16"]
INPUT_WEIGHTS = [4, 4, 3, 3, 2, 2, 2, 2]


def is_int(t):
    return t in INT


def is_flt(t):
    return t in FLT


def is_num(t):
    return t in INT or t in FLT


def promote(t1, t2):
    """numba's unification of two numbers (Number.unify: np.promote_types)."""
    if t1 == t2:
        return t1
    if "fx" in (t1, t2):
        o = t2 if t1 == "fx" else t1
        return "f64" if o in ("f64", "i32", "u32", "i64", "u64") else "fx"
    r = np.promote_types(NP_OF[t1], NP_OF[t2])
    return TY_OF_NP.get(np.dtype(r), "f64")


def int_result(t1, t2):
    """numba's choose_result_int: 64 bits, unsigned only if both are unsigned."""
    return "u64" if (t1 in UNS and t2 in UNS) else "i64"


def wide_int(t):
    return "u64" if t in UNS else "i64"


def dynamic(v):
    """v reads an input or a variable."""
    return "[i]" in v.s or re.search(r"\b[tj]\d+\b", v.s) is not None


class V:
    """An expression: its source text, its type in the model, weak-literal flag, tags."""
    __slots__ = ("s", "t", "lit", "tags")

    def __init__(self, s, t, lit=False, tags=()):
        self.s, self.t, self.lit, self.tags = s, t, lit, set(tags)

    def __repr__(self):
        return "V(%r, %s%s)" % (self.s, self.t, ", lit" if self.lit else "")


def merge_tags(*vs):
    out = set()
    for v in vs:
        out |= v.tags
    return out


INT_LITS_SMALL = [0, 1, 2, 3, 5, 7, 10, 16, 31, 100, 255, 256, 1000]
INT_LITS_BIG = [2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 3000000000, 2 ** 40 + 7,
                2 ** 53 + 1, 2 ** 62, 2 ** 63 - 1, 0x7FFF_FFFF_FFFF_FFF0, 12345678901234,
                0xDEADBEEF, 0x5555555555555555]
FLOAT_LITS = ["0.5", "1.5", "2.0", "2.5", "3.0", "0.1", "1e-05", "1e10", "1e300", "5e-324",
              "1e-310", "3.4e+38", "65504.0", "1e-40", "0.0", "-0.0", "1.0000001", "100.25",
              "6.103515625e-05", "math.inf", "math.nan", "math.pi", "1e16", "4503599627370497.0"]


# --------------------------------------------------------------------------------------------
# Kernel generator
# --------------------------------------------------------------------------------------------

class _Retry(Exception):
    """The statement just generated does not type the same way in numba: generate anew."""


# Tags of constructs where pyjit is known (from writing this fuzzer) to differ from numba-cuda
# 0.30.4; --avoid-known leaves them out.  None now: floor_of_int (math.floor/ceil/trunc of an
# integer is float64 in numba-cuda; pyjit kept the integer type) was mended on 2026-12-04.  The
# tag stays on those kernels, and --avoid-known still leaves the construct out.
KNOWN_TAGS = set()


class Gen:
    avoid_known = False

    def __init__(self, rng, in_types):
        self.r = rng
        self.ins = {"a": in_types[0], "b": in_types[1], "c": in_types[2]}
        self.vars = {}           # name -> type, the variables readable here
        self.nvar = 0
        self.lines = []
        self.tags = set()
        self.assigned = {}       # name -> every type the model gave it (for checking the model)

    def setvar(self, n, t):
        self.vars[n] = t
        self.assigned.setdefault(n, set()).add(t)

    # ---- helpers -------------------------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def choice(self, seq):
        return self.r.choice(seq)

    def newname(self):
        n = "t%d" % self.nvar
        self.nvar += 1
        return n

    def pick_var(self, pred):
        cands = [n for n, t in self.vars.items() if pred(t)]
        return self.choice(cands) if cands else None

    def pick_input(self, pred):
        cands = [n for n, t in self.ins.items() if pred(t)]
        return self.choice(cands) if cands else None

    def int_lit(self):
        r = self.r.random()
        if r < 0.6:
            v = self.choice(INT_LITS_SMALL)
        elif r < 0.9:
            v = self.choice(INT_LITS_BIG)
        else:
            v = self.r.randint(-2 ** 63, 2 ** 63 - 1)
        if self.chance(0.3):
            v = -v
        v = max(-2 ** 63, min(2 ** 63 - 1, v))
        if v < 0:
            s = "(%d)" % v
        elif self.chance(0.15):
            s = hex(v)
        else:
            s = str(v)
        return V(s, "i64", lit=True)

    def float_lit(self):
        s = self.choice(FLOAT_LITS)
        if self.chance(0.3) and not s.startswith("-") and s != "math.nan":
            s = "(-%s)" % s
        return V(s, "f64", lit=True)

    def solid(self, v, partner=None):
        """A literal made strong: np.float32/np.float64/np.int64(...) as the partner needs.

        partner: the type of the other operand it meets (None: it stands alone)."""
        if not v.lit:
            return v
        if partner is None:
            if v.t == "i64":
                return V("np.int64(%s)" % v.s, "i64", tags=v.tags)
            return V("np.float64(%s)" % v.s, "f64", tags=v.tags)
        if partner in ("f32",):
            return V("np.float32(%s)" % v.s, "f32", tags=v.tags | {"np.float32(lit)"})
        if partner == "f16":
            if self.chance(0.3):
                return V("np.float16(%s)" % v.s, "f16", tags=v.tags | {"np.float16(lit)"})
            return V("np.float32(%s)" % v.s, "f32", tags=v.tags)
        if partner == "fx":
            return V("np.float64(%s)" % v.s, "f64", tags=v.tags)
        return v     # with an int or float64 a literal types as numba's int64/float64 would

    def pair(self, x, y):
        """Make x, y safe to combine: no two literals, no weak literal next to a narrow float,
        no float16 (or unsure float) next to an integer."""
        if x.lit and y.lit:
            if self.chance(0.5):
                x = self.solid(x)
            else:
                y = self.solid(y)
        if x.lit:
            x = self.solid(x, y.t)
        if y.lit:
            y = self.solid(y, x.t)
        if is_int(x.t) and y.t in ("f16", "fx"):
            y = self.widen_float(y)
        if is_int(y.t) and x.t in ("f16", "fx"):
            x = self.widen_float(x)
        return x, y

    def widen_float(self, v):
        if v.t == "f16":
            return V("np.float32(%s)" % v.s, "f32", tags=v.tags)
        if v.t == "fx":
            return V("np.float64(%s)" % v.s, "f64", tags=v.tags)
        return v

    def truthy(self, v):
        """v about to be tested for truth: not a float16 (numba-cuda 0.30's bool(float16) is
        invalid NVVM IR: ERROR_INVALID_IR at compile time)."""
        return self.widen_float(v) if v.t in ("f16", "fx") else v

    def no_f16(self, v):
        """float16/unsure floats converted before math functions, //, %, **, min/max."""
        if v.t in ("f16", "fx"):
            return self.widen_float(v)
        return v

    # ---- leaves ---------------------------------------------------------------------------
    def leaf(self, kind):
        """kind: 'int', 'float', 'num', 'bool'."""
        pred = {"int": is_int, "float": is_flt, "num": is_num, "bool": lambda t: t == "b"}[kind]
        r = self.r.random()
        if r < 0.45:
            n = self.pick_input(pred)
            if n:
                return V("%s[i]" % n, self.ins[n])
        if r < 0.8:
            n = self.pick_var(pred)
            if n:
                return V(n, self.vars[n])
        if kind == "bool":
            if self.chance(0.3):
                return self.input_test()
            return self.compare(0)
        if kind == "int" or (kind == "num" and self.chance(0.5)):
            if self.chance(0.25):
                n = self.pick_input(lambda t: t == "b")
                if n:
                    return V("int(%s[i])" % n, "i64")
            return self.int_lit()
        return self.float_lit()

    def input_test(self):
        """A bool that depends on an input (never a constant: numba prunes branches on those)."""
        n = self.choice("abc")
        t = self.ins[n]
        if t == "b":
            return V("%s[i]" % n, "b")
        if is_flt(t):
            return V("(%s[i] %s %s[i])" % (n, self.choice(["==", "!="]), n), "b")
        return V("(%s[i] %s 0)" % (n, self.choice([">", "<=", "!="])), "b")

    def cond(self, d, allow_num=True):
        """An if/elif/ifexp condition, never constant: numba prunes a branch on a constant
        condition (the other branch is not typed), which would change the types."""
        for _ in range(4):
            c = self.expr("bool", d) if (not allow_num or self.chance(0.8)) else self.num(d)
            c = self.truthy(self.solid(c))
            if dynamic(c):
                if self.f16_tainted(c):
                    # In a condition CPython tests the operands of and/or/not/x-if-c-else-y
                    # one by one (jumps, no merged value), so a float16 among them would be
                    # tested for truth (numba-cuda: ERROR_INVALID_IR).  A call makes it a value.
                    if c.t == "b":
                        c = V("bool(%s)" % c.s, "b", tags=c.tags)
                    else:
                        c = V("np.float64(%s)" % c.s, "f64", tags=c.tags)
                return c
        return self.input_test()

    def f16_tainted(self, v):
        names = ["%s[i]" % n for n, t in self.ins.items() if t == "f16"] + ["np.float16("]
        if any(n in v.s for n in names):
            return True
        for n, ts in self.assigned.items():
            if ("f16" in ts or "fx" in ts) and re.search(r"\b%s\b" % n, v.s):
                return True
        return False

    # ---- expressions ----------------------------------------------------------------------
    def expr(self, kind, d):
        if d <= 0 or self.chance(0.25):
            return self.leaf(kind)
        if kind == "bool":
            return self.bool_expr(d)
        if kind == "int":
            return self.int_expr(d)
        if kind == "float":
            return self.float_expr(d)
        return self.int_expr(d) if self.chance(0.4) else self.float_expr(d)

    def num(self, d):
        return self.expr("num", d)

    def arith(self, d, op=None, x=None, y=None):
        op = op or self.choice(["+", "-", "*", "+", "-", "*", "/", "//", "%", "**"])
        x = x or self.num(d - 1)
        y = y or self.num(d - 1)
        if op in ("//", "%", "**"):
            x, y = self.no_f16(x), self.no_f16(y)
        x, y = self.pair(x, y)
        tags = merge_tags(x, y)
        if op == "/":
            if is_int(x.t) and is_int(y.t):
                t = "f64"
            else:
                t = promote(x.t, y.t)
            return V("(%s / %s)" % (x.s, y.s), t, tags=tags)
        if op in ("//", "%"):
            if is_int(x.t) and is_int(y.t):
                y = self.int_divisor(y)
                if x.lit and y.lit:       # a constant expression is a weak literal in pyjit
                    x = self.solid(x)
                tags |= y.tags
                t = int_result(x.t, y.t)
            else:
                t = promote(x.t, y.t)
            return V("(%s %s %s)" % (x.s, op, y.s), t, tags=tags)
        if op == "**":
            return self.power(x, y, d)
        if is_int(x.t) and is_int(y.t):
            t = int_result(x.t, y.t)
        else:
            t = promote(x.t, y.t)
        return V("(%s %s %s)" % (x.s, op, y.s), t, tags=tags)

    def int_divisor(self, y):
        """A divisor that cannot be zero."""
        if y.lit:
            try:
                val = eval(y.s)
            except Exception:
                val = 0
            if val != 0:
                if val == -1:
                    y.tags.add("div_by_-1")
                return y
        r = self.r.random()
        if y.lit:
            r = 0.9           # a constant divisor rather than a constant expression
        if r < 0.45:
            return V("((%s %% 7) + 1)" % y.s, int_result(y.t, "i64"), tags=y.tags)
        if r < 0.6:
            # may be -1: INT64_MIN // -1 (numba gives 0, its error model)
            return V("(%s | 1)" % y.s, int_result(y.t, "i64"), tags=y.tags | {"div_or1"})
        if r < 0.8:
            return V("((%s & 255) + 1)" % y.s, int_result(y.t, "i64"), tags=y.tags)
        lit = self.choice([3, 5, 7, 10, 13, 1000, -3, -7, 2 ** 33 + 1])
        return V(str(lit) if lit > 0 else "(%d)" % lit, "i64", lit=True, tags=y.tags)

    def power(self, x, y, d):
        tags = merge_tags(x, y)
        if is_int(x.t):
            if is_int(y.t):
                # integer ** integer: exponent kept small and non-negative
                if y.lit:
                    e = V(str(self.r.randint(0, 5)), "i64", lit=True)
                else:
                    e = V("(%s & 3)" % y.s if self.chance(0.5) else "(%s %% 5)" % y.s,
                          int_result(y.t, "i64"), tags=y.tags)
                if x.lit and e.lit:
                    x = self.solid(x)
                t = int_result(x.t, e.t)
                return V("(%s ** %s)" % (x.s, e.s), t, tags=tags)
            t = promote(x.t, y.t)      # int ** float: float pow
            return V("(%s ** %s)" % (x.s, y.s), t, tags=tags)
        # float base
        if is_int(y.t):
            if y.lit:
                y = V(self.choice(["2", "3", "(-1)", "(-2)", "0", "4", "7", "(-3)", "17"]),
                      "i64", lit=True)
            if x.t in ("f32", "f64"):
                return V("(%s ** %s)" % (x.s, y.s), x.t, tags=tags)
            return V("(%s ** %s)" % (x.s, y.s), "fx", tags=tags)
        t = promote(x.t, y.t)
        return V("(%s ** %s)" % (x.s, y.s), t, tags=tags)

    def int_expr(self, d):
        r = self.r.random()
        if r < 0.3:
            v = self.arith(d, op=self.choice(["+", "-", "*", "//", "%", "**", "+", "*"]),
                           x=self.expr("int", d - 1), y=self.expr("int", d - 1))
            return v
        if r < 0.45:
            x, y = self.pair(self.expr("int", d - 1), self.expr("int", d - 1))
            op = self.choice(["&", "|", "^"])
            return V("(%s %s %s)" % (x.s, op, y.s), int_result(x.t, y.t), tags=merge_tags(x, y))
        if r < 0.55:
            x = self.expr("int", d - 1)
            if x.lit:
                x = self.solid(x) if self.chance(0.5) else x
            op = self.choice(["<<", ">>"])
            y = self.expr("int", d - 1)
            if self.chance(0.5) or y.lit:
                amt = V(str(self.r.randint(0, 63 if op == ">>" else 40)), "i64", lit=True)
            else:
                amt = V("(%s & %d)" % (y.s, self.choice([7, 15, 31, 63])), "i64", tags=y.tags)
            if x.lit and amt.lit:
                x = self.solid(x)
            return V("(%s %s %s)" % (x.s, op, amt.s), wide_int(x.t), tags=merge_tags(x, amt))
        if r < 0.63:
            x = self.expr("int", d - 1)
            if x.lit:
                x = self.solid(x)
            op = self.choice(["-", "~", "abs", "+"])
            if op == "abs":
                return V("abs(%s)" % x.s, x.t, tags=x.tags)
            if op == "+":
                return V("(+%s)" % x.s, wide_int(x.t), tags=x.tags)
            return V("(%s%s)" % (op, x.s), wide_int(x.t), tags=x.tags)
        if r < 0.72:
            # float -> int conversions, guarded against NaN/inf/out of range unless tagged raw
            x = self.no_f16(self.expr("float", d - 1))
            x = self.solid(x, None) if x.lit else x
            fn = self.choice(["int", "round"])
            if self.chance(0.12):
                return V("%s(%s)" % (fn, x.s), "i64", tags=x.tags | {"raw_float_to_int"})
            bound = "np.float64(1e15)" if fn == "round" else "np.float64(9e18)"
            fb = self.choice(["0", "(-1)", "7"])
            return V("(%s(%s) if math.fabs(%s) < %s else %s)" % (fn, x.s, x.s, bound, fb),
                     "i64", tags=x.tags)
        if r < 0.78:
            x = self.expr("int", d - 1)
            if x.lit:
                x = self.solid(x)
            fn = self.choice(["math.floor", "math.ceil", "math.trunc", "int"])
            if fn == "int" or x.t in ("i64", "u64") or self.avoid_known:
                return V("int(%s)" % x.s, x.t, tags=x.tags)
            # of a narrow integer: float64 in numba-cuda, exact, back to int64
            return V("int(%s(%s))" % (fn, x.s), "i64", tags=x.tags | {"floor_of_int"})
        if r < 0.84:
            return self.minmax("int", d)
        if r < 0.92:
            return self.ifexp("int", d)
        if r < 0.96:
            b = self.expr("bool", d - 1)
            return V("int(%s)" % b.s, "i64", tags=b.tags)
        return self.andor("int", d)

    def float_expr(self, d):
        r = self.r.random()
        if r < 0.35:
            x = self.num(d - 1)
            y = self.num(d - 1)
            if not (is_flt(x.t) or is_flt(y.t)):
                if self.chance(0.5):
                    return self.arith(d, op="/", x=x, y=y)
                x = self.float_expr(d - 1) if d > 1 else self.float_lit()
            return self.arith(d, x=x, y=y)
        if r < 0.55:
            return self.math1(d)
        if r < 0.65:
            return self.math2(d)
        if r < 0.72:
            x = self.expr("float", d - 1)
            if x.lit:
                x = self.solid(x)
            if self.chance(0.6):
                return V("(-%s)" % x.s, x.t, tags=x.tags)
            return V("abs(%s)" % x.s, x.t, tags=x.tags)
        if r < 0.8:
            x = self.num(d - 1)
            if x.lit:
                x = self.solid(x)
            c = self.r.random()
            if c < 0.4:
                return V("float(%s)" % x.s, "f64" if is_int(x.t) else x.t, tags=x.tags)
            if c < 0.7:
                return V("np.float64(%s)" % x.s, "f64", tags=x.tags)
            if c < 0.95 or x.t == "fx":
                return V("np.float32(%s)" % x.s, "f32", tags=x.tags)
            return V("np.float16(%s)" % x.s, "f16", tags=x.tags | {"np.float16(x)"})
        if r < 0.86:
            return self.minmax("float", d)
        if r < 0.93:
            return self.ifexp("float", d)
        if r < 0.96:
            return self.andor("float", d)
        return self.loop_free_poly(d)

    def loop_free_poly(self, d):
        """x * x * y + z style products (fma contraction candidates)."""
        x = self.expr("float", d - 1)
        y = self.expr("float", d - 1)
        z = self.expr("float", d - 1)
        x, y = self.pair(x, y)
        p = V("(%s * %s)" % (x.s, y.s), promote(x.t, y.t), tags=merge_tags(x, y))
        p, z = self.pair(p, z)
        return V("(%s + %s)" % (p.s, z.s), promote(p.t, z.t), tags=merge_tags(p, z))

    MATH1 = ["sqrt", "sin", "cos", "exp", "log", "floor", "ceil", "trunc", "fabs", "tanh",
             "erf", "expm1", "log1p"]

    def math1(self, d):
        fn = self.choice(self.MATH1)
        x = self.no_f16(self.num(d - 1))
        x = self.solid(x)
        if is_int(x.t) and fn in ("floor", "ceil", "trunc") and \
                (self.avoid_known or self.chance(0.5)):
            fn = self.choice(["sqrt", "fabs", "exp", "log1p", "tanh"])
        if fn in ("floor", "ceil", "trunc"):
            # numba-cuda 0.30: a float stays a float (libdevice floor), and an integer gives
            # float64 too (measured: math.floor(int32) and math.trunc(np.int64(5)) are float64)
            if is_int(x.t):
                return V("math.%s(%s)" % (fn, x.s), "f64", tags=x.tags | {"floor_of_int"})
            return V("math.%s(%s)" % (fn, x.s), x.t, tags=x.tags)
        t = "f64" if is_int(x.t) else x.t
        return V("math.%s(%s)" % (fn, x.s), t, tags=x.tags)

    MATH2 = ["atan2", "hypot", "copysign", "fmod", "pow"]

    def math2(self, d):
        fn = self.choice(self.MATH2)
        x = self.no_f16(self.num(d - 1))
        y = self.no_f16(self.num(d - 1))
        if x.lit and y.lit:
            x = self.solid(x)
        if x.t == "f32" and y.t == "f32":
            t = "f32"
        elif x.t == "f32" and y.lit:
            y = self.solid(y, "f32")
            t = "f32"
        elif y.t == "f32" and x.lit:
            x = self.solid(x, "f32")
            t = "f32"
        else:
            conv = fn in ("copysign", "fmod", "pow")
            if x.t == "f32" or (conv and is_int(x.t)):
                x = V("np.float64(%s)" % x.s, "f64", tags=x.tags)
            if y.t == "f32" or (conv and is_int(y.t)):
                y = V("np.float64(%s)" % y.s, "f64", tags=y.tags)
            if is_int(x.t) and is_int(y.t):
                # atan2/hypot of integers: numba's int64/uint64 signatures; keep them alike
                x = V("np.float64(%s)" % x.s, "f64", tags=x.tags) if self.chance(0.5) else \
                    V("np.int64(%s)" % x.s, "i64", tags=x.tags)
                y = V("np.int64(%s)" % y.s, "i64", tags=y.tags) if x.t == "i64" else \
                    V("np.float64(%s)" % y.s, "f64", tags=y.tags)
            elif is_int(x.t) or is_int(y.t):
                if is_int(x.t):
                    x = V("np.float64(%s)" % x.s, "f64", tags=x.tags)
                else:
                    y = V("np.float64(%s)" % y.s, "f64", tags=y.tags)
            t = "f64"
        return V("math.%s(%s, %s)" % (fn, x.s, y.s), t, tags=merge_tags(x, y))

    def minmax(self, kind, d):
        fn = self.choice(["min", "max"])
        n = 3 if self.chance(0.2) else 2
        args = [self.no_f16(self.expr(kind, d - 1)) for _ in range(n)]
        # literals next to float32 are made strong; the others keep numba's literal typing
        if all(a.lit for a in args):
            args[0] = self.solid(args[0])
        nonlit = [a for a in args if not a.lit]
        narrow = any(a.t in ("f32", "f16", "fx") for a in nonlit)
        out = []
        for a in args:
            if a.lit and narrow:
                a = self.solid(a, "f32" if all(b.t == "f32" for b in nonlit) else "fx")
            out.append(a)
        t = out[0].t
        for a in out[1:]:
            t = promote(t, a.t)
        if kind == "int" and not is_int(t):
            # int64 with uint64 unifies to float64 in numba: not an int, use the first one
            return out[0] if is_int(out[0].t) else self.int_lit()
        return V("%s(%s)" % (fn, ", ".join(a.s for a in out)), t, tags=merge_tags(*out))

    def unify_pair(self, x, y):
        """Two values that will be unified (ifexp, and/or, if/else branches)."""
        x, y = self.pair(x, y)
        if x.lit:
            x = self.solid(x, y.t if y.t in ("f32", "f16", "fx") else None)
        if y.lit:
            y = self.solid(y, x.t if x.t in ("f32", "f16", "fx") else None)
        if x.t == "b" or y.t == "b":
            return x, y, "b"
        return x, y, promote(x.t, y.t)

    def ifexp(self, kind, d):
        c = self.cond(d - 1)
        x = self.expr(kind, d - 1)
        y = self.expr(kind, d - 1)
        x, y, t = self.unify_pair(x, y)
        if kind == "int" and not is_int(t):
            return x if is_int(x.t) else self.int_lit()
        return V("(%s if %s else %s)" % (x.s, c.s, y.s), t, tags=merge_tags(x, y, c))

    def andor(self, kind, d):
        op = self.choice(["and", "or"])
        for _ in range(4):
            x = self.expr(kind, d - 1)
            if dynamic(x):      # the first operand decides a branch: never a constant
                break
        y = self.expr(kind, d - 1)
        if not dynamic(x):
            if not dynamic(y):
                return y if kind != "int" or is_int(y.t) else self.int_lit()
            x, y = y, x
        x = self.truthy(x)
        if is_flt(x.t) and self.f16_tainted(x):
            # CPython threads the jumps of a nested and/or (or x-if-c-else-y) into this one:
            # a float16 inside would be tested for truth directly (numba: invalid NVVM IR)
            x = V("np.float64(%s)" % x.s, "f64", tags=x.tags)
        x, y, t = self.unify_pair(x, y)
        if kind == "int" and not is_int(t):
            return x if is_int(x.t) else self.int_lit()
        return V("(%s %s %s)" % (x.s, op, y.s), t, tags=merge_tags(x, y))

    def compare(self, d):
        op = self.choice(["<", "<=", ">", ">=", "==", "!="])
        if self.chance(0.1):
            x = self.leaf("bool")
            y = self.leaf("bool")
            if x.lit and y.lit:
                return V("(%s %s %s)" % (x.s, self.choice(["==", "!="]), "a[i] != a[i]"), "b")
            return V("(%s %s %s)" % (x.s, self.choice(["==", "!="]), y.s), "b",
                     tags=merge_tags(x, y))
        x = self.num(d - 1)
        y = self.num(d - 1)
        x, y = self.pair(x, y)
        if self.chance(0.1):
            z = self.num(d - 1)
            y2, z = self.pair(y, z)
            if y2.s == y.s and not z.lit and not (z.t in ("f16", "fx") and is_int(y.t)) \
                    and not (y.t in ("f16", "fx") and is_int(z.t)):
                op2 = self.choice(["<", "<=", "!="])
                return V("(%s %s %s %s %s)" % (x.s, op, y.s, op2, z.s), "b",
                         tags=merge_tags(x, y, z) | {"chained_cmp"})
        return V("(%s %s %s)" % (x.s, op, y.s), "b", tags=merge_tags(x, y))

    def bool_expr(self, d):
        r = self.r.random()
        if r < 0.45:
            return self.compare(d)
        if r < 0.6:
            x = self.expr("bool", d - 1) if self.chance(0.7) else self.num(d - 1)
            if x.lit:
                x = self.solid(x)
            return V("(not %s)" % x.s, "b", tags=x.tags)
        if r < 0.75:
            x = self.expr("bool", d - 1)
            y = self.expr("bool", d - 1)
            return V("(%s %s %s)" % (x.s, self.choice(["and", "or"]), y.s), "b",
                     tags=merge_tags(x, y))
        if r < 0.85:
            x = self.no_f16(self.num(d - 1))
            if x.lit:
                x = self.solid(x)
            fn = self.choice(["isnan", "isinf"])
            return V("math.%s(%s)" % (fn, x.s), "b", tags=x.tags)
        if r < 0.92:
            x = self.expr("bool", d - 1)
            y = self.expr("bool", d - 1)
            return V("(%s %s %s)" % (x.s, self.choice(["&", "|", "^"]), y.s), "b",
                     tags=merge_tags(x, y) | {"bool_bitop"})
        return self.ifexp("bool", d)

    # ---- statements -----------------------------------------------------------------------
    def emit(self, ind, s):
        self.lines.append("    " * ind + s)

    def any_expr(self, d):
        r = self.r.random()
        if r < 0.12:
            return self.expr("bool", d)
        if r < 0.45:
            return self.expr("int", d)
        return self.expr("float", d)

    def assign(self, ind, d, name=None, kind=None):
        v = self.expr(kind, d) if kind else self.any_expr(d)
        v = self.solid(v)
        name = name or self.newname()
        self.emit(ind, "%s = %s" % (name, v.s))
        self.tags |= v.tags
        return name, v.t

    def stmt(self, ind, d):
        r = self.r.random()
        if r < 0.38 or not self.vars:
            n, t = self.assign(ind, d)
            self.setvar(n, t)
        elif r < 0.48:
            # reassign an existing variable (a new SSA version, its own type)
            n = self.choice(list(self.vars))
            n, t = self.assign(ind, d, name=n)
            self.setvar(n, t)
        elif r < 0.58:
            n = self.pick_var(lambda t: is_num(t))
            if n is None:
                return self.stmt(ind, d)
            cur = V(n, self.vars[n])
            if is_int(cur.t) and self.chance(0.5):
                op = self.choice(["+", "-", "*", "&", "|", "^", "//", "%", "<<", ">>"])
                y = self.expr("int", d - 1)
                if y.lit:
                    y = self.solid(y, cur.t)
                if op in ("//", "%"):
                    y = self.int_divisor(y)
                    t = int_result(cur.t, y.t)
                elif op in ("<<", ">>"):
                    y = V("(%s & 31)" % y.s, "i64", tags=y.tags)
                    t = wide_int(cur.t)
                else:
                    t = int_result(cur.t, y.t)
            else:
                op = self.choice(["+", "-", "*", "/"])
                y = self.num(d - 1)
                cur2, y = self.pair(cur, y)
                if cur2.s != cur.s:       # cur (float16) needed widening: write it out in full
                    v = self.arith(d, op=op, x=cur2, y=y)
                    self.emit(ind, "%s = %s" % (n, v.s))
                    self.setvar(n, v.t)
                    self.tags |= v.tags
                    return
                if op == "/" and is_int(cur.t) and is_int(y.t):
                    t = "f64"
                elif is_int(cur.t) and is_int(y.t):
                    t = int_result(cur.t, y.t)
                else:
                    t = promote(cur.t, y.t)
            if t == cur.t:
                self.emit(ind, "%s %s= %s" % (n, op, y.s))
                self.tags.add("augassign")
            else:
                # pyjit types `x op= y` as one variable with x's earlier value (numba's SSA
                # does not), so a type change is written out as `x = x op y`
                self.emit(ind, "%s = (%s %s %s)" % (n, n, op, y.s))
            self.tags |= y.tags
            self.setvar(n, t)
        elif r < 0.66:
            x = self.solid(self.any_expr(d - 1))
            y = self.solid(self.any_expr(d - 1))
            if len(self.vars) >= 2 and self.chance(0.4):
                p, q = self.r.sample(sorted(self.vars), 2)
                self.emit(ind, "%s, %s = %s, %s" % (p, q, q, p))
                tp, tq = self.vars[q], self.vars[p]
                self.setvar(p, tp)
                self.setvar(q, tq)
            else:
                p, q = self.newname(), self.newname()
                self.emit(ind, "%s, %s = %s, %s" % (p, q, x.s, y.s))
                self.setvar(p, x.t)
                self.setvar(q, y.t)
                self.tags |= x.tags | y.tags
            self.tags.add("tuple_unpack")
        elif r < 0.84 and ind < 4:
            self.if_block(ind, d)
        elif ind < 4:
            self.for_block(ind, d)
        else:
            n, t = self.assign(ind, d)
            self.setvar(n, t)

    def if_block(self, ind, d):
        c = self.cond(d - 1)
        self.tags |= c.tags
        self.tags.add("if_else")
        # targets: new variables or existing ones.  Every branch assigns each target, except
        # that an existing variable may be left alone in a branch when the value the other
        # branches give keeps its type (numba's phi unifies to it; pyjit's web as well).
        targets = []
        for _ in range(self.r.randint(1, 2)):
            if self.vars and self.chance(0.4):
                n = self.choice(list(self.vars))
                if n not in [t[0] for t in targets]:
                    targets.append((n, self.vars[n]))
            else:
                targets.append((self.newname(), None))
        kinds = {}
        for n, old in targets:
            if old is None:
                kinds[n] = self.choice(["int", "float", "float", "bool"])
            else:
                kinds[n] = "bool" if old == "b" else ("int" if is_int(old) else "float")
        nbranch = 3 if self.chance(0.15) else 2
        branch_types = {n: [] for n, _ in targets}
        saved = dict(self.vars)
        for bi in range(nbranch):
            if bi == 0:
                self.emit(ind, "if %s:" % c.s)
            elif bi < nbranch - 1:
                self.vars = dict(saved)
                c2 = self.cond(d - 1, allow_num=False)
                self.tags |= c2.tags
                self.emit(ind, "elif %s:" % c2.s)
            else:
                self.emit(ind, "else:")
            self.vars = dict(saved)
            wrote = False
            if self.chance(0.3):
                # a branch-local variable first (not read after the if)
                n, t = self.assign(ind + 1, d - 1)
                self.setvar(n, t)
                wrote = True
            for n, old in targets:
                if old is not None and self.chance(0.2):
                    continue      # left alone in this branch (checked below)
                v = self.solid(self.expr(kinds[n], d - 1))
                self.emit(ind + 1, "%s = %s" % (n, v.s))
                self.tags |= v.tags
                branch_types[n].append((bi, v.t))
                self.setvar(n, v.t)
                wrote = True
            if not wrote:
                self.emit(ind + 1, "pass")
        self.vars = saved
        for n, old in targets:
            ts = [t for _, t in branch_types[n]]
            if old is not None and len(ts) < nbranch:
                # some branch keeps the old value: only fine when the unified type is the old one
                t = old
                for u in ts:
                    t = "b" if t == "b" else promote(t, u)
                if t != old:
                    self.vars = dict(saved)
                    raise _Retry()
                self.tags.add("one_sided_assign")
                self.setvar(n, old)
                continue
            t = ts[0]
            for u in ts[1:]:
                t = "b" if t == "b" else promote(t, u)
            self.setvar(n, t)

    def for_block(self, ind, d):
        self.tags.add("for_range")
        acc = self.newname()
        j = "j%d" % self.nvar
        self.nvar += 1
        flt = self.chance(0.6)
        # the accumulator's type must not change in the loop: np.float64/np.int64 always
        if flt:
            init = self.solid(self.expr("float", d - 1))
            if not init.s.startswith("np.float64("):
                init = V("np.float64(%s)" % init.s, "f64", tags=init.tags)
        else:
            init = self.solid(self.expr("int", d - 1))
            if not init.s.startswith("np.int64("):
                init = V("np.int64(%s)" % init.s, "i64", tags=init.tags)
        self.tags |= init.tags
        self.emit(ind, "%s = %s" % (acc, init.s))
        if self.chance(0.75):
            rng = "range(3)"
        else:
            x = self.expr("int", d - 1)
            x = self.solid(x) if x.lit else x
            rng = "range(%s %% 4)" % x.s
            self.tags |= x.tags
            self.tags.add("for_range_dyn")
        self.emit(ind, "for %s in %s:" % (j, rng))
        saved = dict(self.vars)
        self.setvar(j, "i64")
        self.setvar(acc, "f64" if flt else "i64")
        body_ind = ind + 1
        if self.chance(0.3):
            c = self.cond(d - 1)
            self.tags |= c.tags
            self.emit(body_ind, "if %s:" % c.s)
            body_ind += 1
        if flt:
            e = self.expr("num", d - 1)
            e = self.no_f16(e) if is_int(e.t) is False and e.t in ("f16", "fx") else e
            if e.lit:
                e = self.solid(e, "f64")
            form = self.choice(["%s = %s + %s", "%s = %s * np.float64(0.5) + %s",
                                "%s = %s - %s * %s", "%s = max(%s, %s)", "%s = %s / np.float64(2.0) - %s"])
            if form == "%s = %s - %s * %s":
                line = form % (acc, acc, e.s, j)
            else:
                line = form % (acc, acc, e.s)
        else:
            e = self.expr("int", d - 1)
            if e.lit:
                e = self.solid(e, "i64")
            form = self.choice(["%s = %s + %s", "%s = (%s * 31) ^ %s", "%s = %s - (%s << " + j + ")",
                                "%s = %s + %s * " + j, "%s = (%s >> 1) | %s"])
            line = form % (acc, acc, e.s)
        self.tags |= e.tags
        self.emit(body_ind, line)
        self.vars = saved
        self.setvar(acc, "f64" if flt else "i64")

    def final(self, d):
        names = list(self.vars)
        r = self.r.random()
        if names and r < 0.35:
            n = names[-1]
            return V(n, self.vars[n])
        if names and r < 0.7:
            n = names[-1]
            x = V(n, self.vars[n])
            if x.t == "b":
                return V("int(%s)" % n, "i64")
            y = self.num(d - 1)
            if is_int(x.t) and is_int(y.t) and self.chance(0.5):
                x, y = self.pair(x, y)
                op = self.choice(["+", "^", "-"])
                return V("(%s %s %s)" % (x.s, op, y.s), int_result(x.t, y.t), tags=y.tags)
            return self.arith(d, op=self.choice(["+", "-", "*", "/"]), x=x, y=y)
        return self.solid(self.any_expr(d))

    def kernel(self):
        d = self.r.choice([2, 2, 3, 3, 4])
        nst = self.r.randint(1, 5)
        for _ in range(nst):
            for _attempt in range(20):
                mark = (len(self.lines), dict(self.vars), set(self.tags),
                        {k: set(v) for k, v in self.assigned.items()})
                try:
                    self.stmt(2, d)
                    break
                except _Retry:
                    del self.lines[mark[0]:]
                    self.vars, self.tags, self.assigned = mark[1], mark[2], mark[3]
        f = self.final(d)
        f = self.solid(f)
        self.tags |= f.tags
        out_t = "i64" if (is_int(f.t) or f.t == "b") else "f64"
        self.emit(2, "out[i] = %s" % f.s)
        body = "\n".join(self.lines)
        src = ("def k(a, b, c, out):\n"
               "    i = cuda.grid(1)\n"
               "    if i < out.size:\n" + body + "\n")
        return src, out_t, f.t


def kernel_module_text(src, n, which, seed):
    imp = "from numba import cuda" if which == "numba" else "from pyjit import cuda"
    return ("# difffuzz kernel %d (seed %d), %s\nimport math\nimport numpy as np\n%s\n\n\n%s"
            % (n, seed, which, imp, src))


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------

def make_input(rng, t):
    """256 values of type t, special values at random places."""
    g = rng
    if t == "b":
        return (g.integers(0, 2, NELEM) == 1)
    dt = np.dtype(NP_OF[t])
    if dt.kind == "f":
        fi = np.finfo(dt)
        specials = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, float(fi.max),
                    -float(fi.max), float(fi.tiny), float(fi.smallest_subnormal),
                    -float(fi.smallest_subnormal), float("inf"), float("-inf"), float("nan"),
                    -float("nan"), 7.0, -13.0, 0.1, 1e10, -1e10, 1e-10, 2.0 ** 31, 2.0 ** 63,
                    -2.0 ** 63, 4503599627370497.0, 1e300, 1e-300, 65504.0, 6.1e-05, 3.4e38]
        vals = []
        for k in range(NELEM):
            c = g.random()
            if c < 0.3:
                vals.append(g.normal() * 10)
            elif c < 0.45:
                vals.append(float(g.integers(-50, 50)))
            elif c < 0.55:
                vals.append(float(g.integers(-50, 50)) + 0.5)
            elif c < 0.75:
                vals.append(float(g.choice([-1, 1]) * 10.0 ** g.uniform(-45, 45)))
            else:
                vals.append(g.uniform(-4, 4))
        with np.errstate(all="ignore"):
            arr = np.array(vals, dtype=np.float64).astype(dt)
            sp = np.array(specials, dtype=np.float64).astype(dt)
        # -nan keeps its sign bit through astype
        pos = g.choice(NELEM, size=min(len(sp), NELEM // 3), replace=False)
        arr[pos] = sp[: len(pos)]
        # some places get a random special again so that specials meet specials
        pos2 = g.choice(NELEM, size=NELEM // 6, replace=False)
        arr[pos2] = sp[g.integers(0, len(sp), len(pos2))]
        return arr
    ii = np.iinfo(dt)
    specials = [0, 1, -1, 2, -2, 7, -7, ii.min, ii.max, ii.min + 1, ii.max - 1, 31, 32, 63, 64,
                255, 256, 2 ** 31 - 1, -2 ** 31, 2 ** 32 - 1, 2 ** 53 + 1, -2 ** 63, 2 ** 63 - 1]
    specials = [s for s in specials if ii.min <= s <= ii.max]
    arr = np.empty(NELEM, dtype=dt)
    for k in range(NELEM):
        c = g.random()
        if c < 0.45:
            v = int(g.integers(-20, 21))
        elif c < 0.75:
            v = int(g.integers(ii.min, ii.max, endpoint=True, dtype=np.int64 if ii.min < 0 or ii.max < 2**63 else np.uint64))
        else:
            v = int(g.integers(-1000, 1000))
        if not (ii.min <= v <= ii.max):
            v = v % (ii.max + 1) if ii.min == 0 else v
        arr[k] = v
    sp = np.array(specials, dtype=dt)
    pos = g.choice(NELEM, size=len(sp), replace=False)
    arr[pos] = sp
    pos2 = g.choice(NELEM, size=NELEM // 8, replace=False)
    arr[pos2] = sp[g.integers(0, len(sp), len(pos2))]
    return arr


# --------------------------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------------------------

def ulp_dist(x, y):
    """ulps between two finite floats, in float32 when both are float32 values, else float64."""
    def key64(v):
        b = np.array([v], dtype=np.float64).view(np.int64)[0]
        b = int(b)
        return b if b >= 0 else -(b & 0x7FFFFFFFFFFFFFFF)

    def key32(v):
        b = int(np.array([v], dtype=np.float32).view(np.int32)[0])
        return b if b >= 0 else -(b & 0x7FFFFFFF)
    with np.errstate(all="ignore"):
        f32 = (float(np.float32(x)) == x and float(np.float32(y)) == y)
    if f32:
        return abs(key32(x) - key32(y)), "f32"
    return abs(key64(x) - key64(y)), "f64"


def fmt_val(v, dt):
    if dt.kind == "f":
        return float(v).hex()
    if dt.kind == "b":
        return repr(bool(v))
    return str(int(v))


def classify(p, n, out_dt):
    """-> (category, diff indices, detail)."""
    if out_dt.kind == "f":
        pb, nb = p.view(np.uint64), n.view(np.uint64)
        diff = np.nonzero(pb != nb)[0]
        if len(diff) == 0:
            return "agree", diff, ""
        pn, nn = np.isnan(p[diff]), np.isnan(n[diff])
        both_nan = pn & nn
        real = diff[~both_nan]
        if len(real) == 0:
            return "nan_bits", diff, "NaN sign/payload only"
        # signed zeros only?
        pz = (p[real] == 0) & (n[real] == 0)
        if pz.all():
            return "signed_zero", real, "-0.0 vs 0.0 only"
        worst = 0
        kind = ""
        for k in real:
            a, b = float(p[k]), float(n[k])
            if math.isfinite(a) and math.isfinite(b) and (a != 0 or b != 0) \
                    and (a == 0) == (b == 0) and (a > 0) == (b > 0):
                u, prec = ulp_dist(a, b)
            else:
                u, prec = 1 << 62, "-"
            if u > worst:
                worst, kind = u, prec
        if worst <= 4:
            return "value_close", real, "<= %d ulp (%s)" % (worst, kind)
        return "value_differs", real, ("%d ulp (%s)" % (worst, kind)) if worst < 1 << 62 else ""
    diff = np.nonzero(p != n)[0]
    if len(diff) == 0:
        return "agree", diff, ""
    return "value_differs", diff, "integer"


# --------------------------------------------------------------------------------------------
# Reproducer
# --------------------------------------------------------------------------------------------

REPRO_TEMPLATE = r'''#!/usr/bin/env python3
# difffuzz mismatch reproducer: kernel #{n} (seed {seed}), category {cat} {detail}
# tags: {tags}
# Run on the GPU machine:
#   PYTHONPATH=<pyjit build>/python /opt/torch/.venv/bin/python {fname}
# It runs the kernel on the differing elements below (inputs given as exact bits) with pyjit and
# numba-cuda and prints both results; with --full it also runs the full 256-element inputs saved
# next to this file ({stem}_a.npy, ...); with --pyjit-only it runs pyjit alone (any backend) and
# compares with the numba values recorded below.
import importlib, os, sys, tempfile, warnings
warnings.simplefilter("ignore")
import numpy as np

KERNEL_SRC = """\
{src}"""
DTYPES = {dtypes!r}          # a, b, c
OUT_DTYPE = {out_dtype!r}
# index: (a bits, b bits, c bits) with the readable values, then pyjit's and numba's outputs
CASES = [
{cases}]


def _arr(bits, dt):
    dt = np.dtype(dt)
    if dt.kind == "b":
        return np.array(bits, dtype=np.bool_)
    ut = np.dtype("u%d" % dt.itemsize)
    return np.array([b & ((1 << (8 * dt.itemsize)) - 1) for b in bits], dtype=ut).view(dt)


def _load(which):
    d = tempfile.mkdtemp(prefix="difffuzz_repro_")
    imp = "from pyjit import cuda" if which == "pyjit" else "from numba import cuda"
    name = "repro_{n}_" + which
    with open(os.path.join(d, name + ".py"), "w") as f:
        f.write("import math\nimport numpy as np\n%s\n\n\n%s" % (imp, KERNEL_SRC))
    sys.path.insert(0, d)
    return importlib.import_module(name).k


def _sig():
    names = {{"bool": "boolean"}}
    ts = [names.get(t, t) for t in DTYPES] + [OUT_DTYPE]
    return "void(%s)" % ", ".join("%s[::1]" % t for t in ts)


def main():
    import pyjit                                   # pyjit before numba (static TLS)
    from pyjit import cuda as pcuda
    fp = pcuda.jit(_sig(), cache=False)(_load("pyjit"))
    sides = [(pcuda, fp)]
    if "--pyjit-only" not in sys.argv:
        np.row_stack = np.vstack
        from numba import cuda as ncuda
        sides.append((ncuda, ncuda.jit(_sig())(_load("numba"))))
    here = os.path.dirname(os.path.abspath(__file__))
    if "--full" in sys.argv:
        ins = [np.load(os.path.join(here, "{stem}_%s.npy" % x)) for x in "abc"]
    else:
        ins = [_arr([c[1][k] for c in CASES], DTYPES[k]) for k in range(3)]
    m = len(ins[0])
    outs = []
    for cu, f in sides:
        d = [cu.to_device(x) for x in ins] + [cu.to_device(np.zeros(m, dtype=OUT_DTYPE))]
        f[(m + 127) // 128, 128](*d)
        outs.append(d[3].copy_to_host())
    p = outs[0]
    if len(outs) == 1:          # --pyjit-only: compare with the numba output recorded in CASES
        q = p.copy()
        if "--full" not in sys.argv:
            for k, c in enumerate(CASES):
                v = c[4]
                q[k] = float.fromhex(v) if q.dtype.kind == "f" else int(v)
        else:
            q = np.load(os.path.join(here, "{stem}_out_numba.npy"))
        print("(numba's values are the ones recorded when the mismatch was found)")
    else:
        q = outs[1]
    bad = 0
    for k in range(m):
        same = p[k:k+1].tobytes() == q[k:k+1].tobytes()
        if not same:
            bad += 1
        if not same or m <= 16:
            vals = [ins[j][k] for j in range(3)]
            fmt = lambda v: float(v).hex() if np.asarray(v).dtype.kind == "f" else repr(v.item())
            print("%s idx %d: inputs (%s) pyjit %s numba %s" % ("DIFF" if not same else "same", k,
                  ", ".join(fmt(v) for v in vals), fmt(p[k]), fmt(q[k])))
    print("%d of %d elements differ" % (bad, m))


if __name__ == "__main__":
    main()
'''


def write_repro(outdir, n, seed, cat, detail, tags, src, in_types, out_t, ins, p, q, idx):
    stem = "mismatch_%d" % n
    dts = [np.dtype(NP_OF[t]) for t in in_types]
    odt = np.dtype(NP_OF[out_t])
    cases = []
    for k in list(idx[:8]):
        bits, readable = [], []
        for j in range(3):
            v = ins[j][k]
            if dts[j].kind == "b":
                bits.append(int(bool(v)))
            else:
                ut = np.dtype("u%d" % dts[j].itemsize)
                bits.append(int(np.array([v], dtype=dts[j]).view(ut)[0]))
            readable.append(fmt_val(v, dts[j]))
        cases.append("    (%d, (%s,), %r, %r, %r),  # %s" % (
            k, ", ".join(hex(b) for b in bits), tuple(readable), fmt_val(p[k], odt),
            fmt_val(q[k], odt), ", ".join("%s=%s" % (x, r) for x, r in zip("abc", readable))))
    text = REPRO_TEMPLATE.format(
        n=n, seed=seed, cat=cat, detail=detail, tags=", ".join(sorted(tags)) or "-",
        fname=stem + ".py", stem=stem, src=src,
        dtypes=[str(d) for d in dts], out_dtype=str(odt), cases="\n".join(cases) + "\n")
    with open(os.path.join(outdir, stem + ".py"), "w") as f:
        f.write(text)
    for x, arr in zip("abc", ins):
        np.save(os.path.join(outdir, "%s_%s.npy" % (stem, x)), arr)
    np.save(os.path.join(outdir, stem + "_out_pyjit.npy"), p)
    if q is not None:
        np.save(os.path.join(outdir, stem + "_out_numba.npy"), q)


# --------------------------------------------------------------------------------------------
# --backend check: the generator checked without a GPU
# --------------------------------------------------------------------------------------------

def strong_literals(src):
    """The kernel with every Python number literal (and math.inf/nan/pi) spelled np.int64(...)
    or np.float64(...): numba types literals as int64/float64, pyjit as weak (NumPy 2), so when
    pyjit gives different results for the two spellings the kernel meets pyjit's deliberate
    difference and would show up as a false mismatch."""
    import ast

    def wrap(node, val):
        fn = "int64" if isinstance(val, int) else "float64"
        return ast.Call(func=ast.Attribute(value=ast.Name("np", ast.Load()), attr=fn,
                                           ctx=ast.Load()), args=[node], keywords=[])

    class Strong(ast.NodeTransformer):
        def visit_Call(self, node):
            f = node.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and \
                    f.value.id == "np":
                return node
            if isinstance(f, ast.Name) and f.id == "range":
                return node
            self.generic_visit(node)
            return node

        def visit_UnaryOp(self, node):
            if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) and \
                    type(node.operand.value) in (int, float):
                return wrap(node, node.operand.value)
            self.generic_visit(node)
            return node

        def visit_Constant(self, node):
            if type(node.value) in (int, float):
                return wrap(node, node.value)
            return node

        def visit_Attribute(self, node):
            if isinstance(node.value, ast.Name) and node.value.id == "math" and \
                    node.attr in ("inf", "nan", "pi"):
                return wrap(node, 0.0)
            return node

        def visit_Subscript(self, node):
            return node

    tree = ast.parse(src)
    guard = tree.body[0].body[1]          # if i < out.size: <the generated statements>
    guard.body = [Strong().visit(st) for st in guard.body]
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


NB_TYPE = {"float64": "f64", "float32": "f32", "float16": "f16", "int64": "i64",
           "uint64": "u64", "int32": "i32", "uint32": "u32", "uint8": "u8", "bool": "b"}


def numba_check(func, sig, assigned):
    """Type and compile (NVVM, no GPU) with numba-cuda; -> list of model/numba type
    differences of the generated variables. Raises numba's error."""
    from numba.cuda.compiler import compile_cuda
    from numba.core.sigutils import normalize_signature
    from numba.core import types as ntypes
    argtys, _ = normalize_signature(sig)
    cres = compile_cuda(func, ntypes.void, argtys, cc=(9, 0))
    cres.library.get_asm_str(cc=(9, 0))
    bad = []
    for key, ty in cres.type_annotation.typemap.items():
        base = key.split(".")[0]
        if base in assigned:
            tn = str(ty)
            if tn.startswith("Literal[int]"):
                tn = "int64"
            if tn.startswith("Literal[bool]"):
                tn = "bool"
            if NB_TYPE.get(tn, tn) not in assigned[base]:
                bad.append("%s: numba %s, model %s" % (key, tn, sorted(assigned[base])))
    return bad


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------

class KernelTimeout(Exception):
    pass


def _alarm(signum, frame):
    raise KernelTimeout("kernel took too long (SIGALRM)")


def first_line(e):
    s = str(e).strip()
    line = s.splitlines()[0] if s else ""
    return ("%s: %s" % (type(e).__name__, line))[:400]


def load_kernel(src, n, which, seed):
    name = "k_%d_%s" % (n, which)
    path = os.path.join(KDIR, name + ".py")
    with open(path, "w") as f:
        f.write(kernel_module_text(src, n, which, seed))
    importlib.invalidate_caches()
    mod = importlib.import_module(name)
    return mod.k


class _Done(Exception):
    pass


def check_one(args, kn, src, sig, g, ins, odt, kp, perr, pcuda, popts):
    """--backend check for one kernel -> (status, detail)."""
    problems = []
    try:
        bad = numba_check(load_kernel(src, kn, "numba", args.seed), sig, g.assigned)
        if bad:
            problems.append(("check_model_type", "; ".join(bad)[:400]))
    except KernelTimeout:
        raise
    except Exception as e:
        problems.append(("check_numba_fail", "numba: %s" % " ".join(str(e).split())[:400]))
    if perr:
        problems.append(("check_pyjit_fail", "pyjit: %s" % perr))
    else:
        outs = []
        try:
            ks = pcuda.jit(sig, **popts)(load_kernel(strong_literals(src), kn, "strong",
                                                     args.seed))
            for kk in (kp, ks):
                o = np.zeros(NELEM, dtype=odt)
                kk[BLOCKS, THREADS](*[x.copy() for x in ins], o)
                outs.append(o)
            cat, idx, det = classify(outs[0], outs[1], odt)
            if cat not in ("agree", "nan_bits"):
                k0 = int(idx[0])
                problems.append(("check_weak_literal", "%s %s: in=(%s) weak=%s strong=%s" % (
                    cat, det, ", ".join(fmt_val(ins[j][k0], ins[j].dtype) for j in range(3)),
                    fmt_val(outs[0][k0], odt), fmt_val(outs[1][k0], odt))))
        except KernelTimeout:
            raise
        except Exception as e:
            problems.append(("check_pyjit_runtime", first_line(e)))
    if not problems:
        return "check_ok", ""
    with open(os.path.join(args.out, "kernel_%d.py" % kn), "w") as f:
        f.write("# %s\n# sig: %s\n%s" % (" | ".join("%s: %s" % p for p in problems),
                                         sig, src))
    return problems[0][0], " | ".join(d for _, d in problems)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=600)
    ap.add_argument("--time-limit", type=float, default=420.0,
                    help="stop generating new kernels after this many seconds (from start)")
    ap.add_argument("--out", default=os.environ.get("OUT") or "/tmp/difffuzz_out")
    ap.add_argument("--backend", choices=["both", "pyjit-only", "check"], default="both",
                    help="both: pyjit and numba-cuda on the GPU, compared; pyjit-only: pyjit "
                         "alone (its CPU backend without a GPU); check: no GPU needed, checks "
                         "the generator: numba-cuda types and compiles (NVVM) each kernel, "
                         "its variable types match the generator's model, pyjit compiles and "
                         "runs it, and gives the same with every literal spelled np.int64/"
                         "np.float64 (no weak-literal difference)")
    ap.add_argument("--per-kernel-timeout", type=int, default=30)
    ap.add_argument("--start", type=int, default=0, help="first kernel number")
    ap.add_argument("--avoid-known", action="store_true",
                    help="leave out constructs where pyjit is known to differ (KNOWN_TAGS)")
    args = ap.parse_args()
    Gen.avoid_known = args.avoid_known
    os.makedirs(args.out, exist_ok=True)
    shutil.rmtree(KDIR, ignore_errors=True)
    os.makedirs(KDIR, exist_ok=True)
    sys.path.insert(0, KDIR)
    warnings.simplefilter("ignore")
    os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")
    os.environ.setdefault("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", "0")

    log = open(os.path.join(args.out, "difffuzz.log"), "w", buffering=1)

    def say(s):
        print(s, flush=True)
        log.write(s + "\n")

    # pyjit first (static TLS), then numba
    import pyjit
    from pyjit import cuda as pcuda
    try:
        pcuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        pcuda.config.CUDA_WARN_ON_IMPLICIT_COPY = 0
    except Exception:
        pass
    ncuda = None
    numba_version = "-"
    if args.backend in ("both", "check"):
        np.row_stack = np.vstack          # numba's import needs it with numpy >= 2.4
        try:
            import numba
            from numba import cuda as ncuda
        except Exception as e:
            say("# numba import failed (%s): running pyjit alone" % first_line(e))
            args.backend = "pyjit-only"
            ncuda = None
        else:
            numba_version = getattr(numba, "__version__", "?")
            try:
                import numba_cuda
                numba_version += " / numba-cuda %s" % getattr(numba_cuda, "__version__", "?")
            except Exception:
                pass
        try:
            from numba.core import config as nconfig
            nconfig.CUDA_LOW_OCCUPANCY_WARNINGS = 0
            nconfig.CUDA_WARN_ON_IMPLICIT_COPY = 0
        except Exception:
            pass
    say("# difffuzz seed=%d n=%d time_limit=%.0f backend=%s pyjit=%s numba=%s numpy=%s "
        "python=%s" % (args.seed, args.n, args.time_limit, args.backend,
                       getattr(pyjit, "__version__", "?"), numba_version, np.__version__,
                       sys.version.split()[0]))

    popts = {"cache": False}
    nopts = {}

    signal.signal(signal.SIGALRM, _alarm)

    def _term(signum, frame):
        raise KeyboardInterrupt("SIGTERM")
    signal.signal(signal.SIGTERM, _term)

    counts = {}
    firsts = []          # (n, text) of mismatches
    tagcounts = {}       # category -> {tag: count}
    pyjit_only_fail_msgs = {}
    ran = 0
    consecutive_rt = 0
    stop_reason = "n reached"
    n = args.start
    try:
        while n < args.start + args.n:
            if time.time() - T_START > args.time_limit:
                stop_reason = "time limit"
                break
            kn = n
            n += 1
            rng = random.Random(args.seed * 1000003 + kn)
            nrng = np.random.default_rng(args.seed * 1000003 + kn)
            in_types = [rng.choices(INPUT_TYPES, INPUT_WEIGHTS)[0] for _ in range(3)]
            status, detail, tags = "?", "", set()
            src, out_t = "", "-"
            try:
                g = Gen(rng, in_types)
                src, out_t, fin_t = g.kernel()
                tags = g.tags
                ins = [make_input(nrng, t) for t in in_types]
                sig = "void(%s)" % ", ".join(
                    "%s[::1]" % SIGNAME[t] for t in in_types + [out_t])
                odt = np.dtype(NP_OF[out_t])
                signal.alarm(args.per_kernel_timeout)
                nerr = knb = None

                def compile_with(jit, opts, which):
                    """(kernel, None), or (None, the error's first line)."""
                    try:
                        return jit(sig, **opts)(load_kernel(src, kn, which, args.seed)), None
                    except KernelTimeout:
                        raise
                    except Exception as e:
                        return None, first_line(e)

                kp, perr = compile_with(pcuda.jit, popts, "pyjit")
                if args.backend == "check":
                    status, detail = check_one(args, kn, src, sig, g, ins, odt, kp, perr,
                                               pcuda, popts)
                    signal.alarm(0)
                    ran += 1
                    raise _Done()
                if ncuda is not None:
                    knb, nerr = compile_with(ncuda.jit, nopts, "numba")
                res = {}
                if perr is None or (ncuda is not None and nerr is None):
                    # run what compiled
                    for which, cu, kk in (("pyjit", pcuda, kp), ("numba", ncuda, knb)):
                        if kk is None:
                            continue
                        try:
                            dev = [cu.to_device(x) for x in ins]
                            dout = cu.to_device(np.zeros(NELEM, dtype=odt))
                            kk[BLOCKS, THREADS](*dev, dout)
                            res[which] = dout.copy_to_host()
                        except KernelTimeout:
                            raise
                        except Exception as e:
                            res[which] = e
                signal.alarm(0)
                ran += 1
                if perr and (ncuda is None or nerr):
                    status = "both_compile_fail" if ncuda is not None else "pyjit_compile_fail"
                    detail = "pyjit: %s | numba: %s" % (perr, nerr) if ncuda is not None else perr
                    if ncuda is None:
                        pyjit_only_fail_msgs.setdefault(perr.split(": error: ")[-1][:160], kn)
                elif perr:
                    status, detail = "only_pyjit_compile_fail", "pyjit: %s" % perr
                elif nerr:
                    status, detail = "only_numba_compile_fail", "numba: %s" % nerr
                else:
                    pr = res.get("pyjit")
                    nr = res.get("numba")
                    errs = [(w, r) for w, r in res.items() if isinstance(r, BaseException)]
                    if errs:
                        status = "runtime_error"
                        detail = " | ".join("%s: %s" % (w, first_line(r)) for w, r in errs)
                        lost = ("ILLEGAL", "LAUNCH_FAILED", "launch failure", "CONTEXT",
                                "context", "MISALIGNED", "ECC", "HARDWARE", "UNKNOWN")
                        if any(x in detail for x in lost):
                            consecutive_rt += 1
                    else:
                        consecutive_rt = 0
                        if ncuda is None:
                            status = "ran"
                        else:
                            cat, idx, det = classify(pr, nr, odt)
                            status, detail = cat, det
                            if cat != "agree":
                                k0 = int(idx[0])
                                detail = "%s; %d elems; first idx %d: in=(%s) pyjit=%s numba=%s" % (
                                    det, len(idx), k0,
                                    ", ".join(fmt_val(ins[j][k0], ins[j].dtype) for j in range(3)),
                                    fmt_val(pr[k0], odt), fmt_val(nr[k0], odt))
                                try:
                                    write_repro(args.out, kn, args.seed, cat, det, tags, src,
                                                in_types, out_t, ins, pr, nr, idx)
                                except Exception as e:
                                    detail += " (reproducer not written: %s)" % first_line(e)
                if status in ("only_pyjit_compile_fail", "only_numba_compile_fail",
                              "both_compile_fail", "pyjit_compile_fail", "runtime_error"):
                    with open(os.path.join(args.out, "kernel_%d.py" % kn), "w") as f:
                        f.write("# %s\n# %s\n# sig: %s\n%s" % (status, detail.replace("\n", " "),
                                                               sig, src))
            except _Done:
                pass
            except KeyboardInterrupt:
                raise
            except BaseException as e:     # a generator or driver bug: never stop the run
                signal.alarm(0)
                status = "driver_error"
                detail = first_line(e) + " @ " + traceback.format_exc().strip().splitlines()[-3][:200]
                consecutive_rt += isinstance(e, KernelTimeout)
            counts[status] = counts.get(status, 0) + 1
            if status not in ("agree", "ran", "check_ok"):
                tc = tagcounts.setdefault(status, {})
                for t in tags:
                    tc[t] = tc.get(t, 0) + 1
                if status not in ("nan_bits",):
                    firsts.append((kn, status, detail, sorted(set(tags) & KNOWN_TAGS)))
            say("k=%d %s dtypes=%s out=%s t=%.1fs tags=[%s] %s" % (
                kn, status, ",".join(in_types), out_t,
                time.time() - T_START, ",".join(sorted(tags)), detail.replace("\n", " ")))
            if consecutive_rt >= 3:
                stop_reason = "3 launch failures in a row (CUDA context probably lost)"
                break
    except KeyboardInterrupt as e:
        stop_reason = "interrupted (%s)" % (e or "SIGINT")
    finally:
        signal.alarm(0)

    # ---- summary ---------------------------------------------------------------------------
    say("")
    say("=" * 78)
    say("SUMMARY  seed=%d  kernels run=%d  stopped: %s  elapsed=%.0fs" % (
        args.seed, ran, stop_reason, time.time() - T_START))
    order = ["check_ok", "check_numba_fail", "check_pyjit_fail", "check_model_type",
             "check_weak_literal", "check_pyjit_runtime", "agree", "ran", "value_differs", "value_close", "signed_zero", "nan_bits",
             "only_pyjit_compile_fail", "only_numba_compile_fail", "both_compile_fail",
             "pyjit_compile_fail", "runtime_error", "driver_error"]
    labels = {
        "agree": "agree (bit for bit)",
        "ran": "ran (pyjit only, nothing compared)",
        "value_differs": "MISMATCH value differs (> 4 ulp, or int, inf/nan vs number)",
        "value_close": "MISMATCH value differs by <= 4 ulp (fma contraction / libm?)",
        "signed_zero": "MISMATCH -0.0 vs +0.0 only",
        "nan_bits": "NaN sign/payload only (low priority)",
        "only_pyjit_compile_fail": "MISMATCH only pyjit fails to compile",
        "only_numba_compile_fail": "MISMATCH only numba fails to compile",
        "both_compile_fail": "both fail to compile (generator bug)",
        "pyjit_compile_fail": "pyjit fails to compile (pyjit-only run)",
        "runtime_error": "MISMATCH runtime error (either side)",
        "driver_error": "driver/generator error (fuzzer bug)",
        "check_ok": "check: numba-cuda compiles, types as modelled, no weak literal",
        "check_numba_fail": "check: numba-cuda rejects it (generator bug)",
        "check_pyjit_fail": "check: pyjit rejects it (numba accepts)",
        "check_model_type": "check: numba's variable types differ from the model",
        "check_weak_literal": "check: pyjit differs with literals spelled np.int64/float64",
        "check_pyjit_runtime": "check: pyjit failed at run time",
    }
    for k in order + sorted(set(counts) - set(order)):
        if counts.get(k):
            say("  %-62s %5d" % (labels.get(k, k), counts[k]))
    mism = sum(v for k, v in counts.items() if k not in ("agree", "ran", "nan_bits", "check_ok"))
    say("  %-62s %5d" % ("total not agreeing (without NaN-bits)", mism))
    for cat, tc in sorted(tagcounts.items()):
        top = sorted(tc.items(), key=lambda kv: -kv[1])[:8]
        if top:
            say("  tags in %s: %s" % (cat, ", ".join("%s=%d" % kv for kv in top)))
    if pyjit_only_fail_msgs:
        say("  distinct pyjit compile errors:")
        for m, k in list(pyjit_only_fail_msgs.items())[:20]:
            say("    k=%d %s" % (k, m))
    if firsts:
        fresh = [f for f in firsts if not f[3]]
        known = [f for f in firsts if f[3]]
        say("first mismatching kernels (out dir %s: mismatch_<n>.py / kernel_<n>.py):" % args.out)
        for kn, st, det, _ in fresh[:10]:
            say("  k=%d %s: %s" % (kn, st, det[:600]))
        if known:
            say("%d more with a construct where pyjit is known to differ (%s), first ones:" % (
                len(known), ", ".join(sorted(KNOWN_TAGS))))
            for kn, st, det, kt in known[:5]:
                say("  k=%d %s [%s]: %s" % (kn, st, ",".join(kt), det[:300]))
    say("=" * 78)
    log.close()


if __name__ == "__main__":
    main()
