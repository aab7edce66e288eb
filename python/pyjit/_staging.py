"""Row staging for CUDA gufuncs: each block's rows pass through shared memory.

A gufunc's kernel runs one loop index per thread, on the core views of that
index (its rows). In a C-contiguous (n, m) array, consecutive threads' rows lie
m elements apart, so each load or store of a warp touches up to 32 cache lines
where an elementwise kernel touches one: a row-wise `(n),(n)->(n)` add of
10^7 float32 ran at a fifth of an elementwise add's bandwidth (docs/benchmarks.md,
fifty-first session).

The staged kernel gives each block R consecutive loop indices. Its threads copy
the R rows of each staged argument between global and shared memory as one
contiguous span (consecutive threads, consecutive elements: coalesced); then
thread t runs the function on row t in shared memory. A row is stored at an odd
stride (m | 1 elements), so that the threads' elements j fall in different
shared-memory banks for 4-byte dtypes (the padding trick of NVIDIA's "An
Efficient Matrix Transpose in CUDA C/C++", 2013).

Only a function that runs alike on any thread and to its end is staged
(ir::isThreadIndependent: no raise, barrier, warp function, thread index or
shared array), as the staged kernel runs it on other threads than the direct
kernel and copies rows back after it (_GUfunc._staging_safety). Staged are the
arguments with one core dimension of at least 2 elements and a numeric or bool
dtype. Inputs are staged only when the function writes none of them (it types
with read-only inputs); outputs are copied back after the call, and copied in
first when the caller gave them (the function may read them).
The other arguments are passed as the direct kernel passes them. The function
is compiled for the same argument types either way (a row in shared memory is
a 1-d C-contiguous array, as a row of a C-contiguous array is).
"""

import numpy as np

# Rows per block and threads per block (threads copy; the first ROWS of them
# then run the function), and the shortest row staged (bytes). Measured on
# an H100 (docs/benchmarks.md, fifty-second session), a (n),(n)->(n) float32
# add, kernel time into a given output: rows of 100 took 352 us direct and 165
# staged (32 rows a block then, as 64 do not fit SHARED_BYTES), rows of 32
# took 752 direct and 134 staged; 32 rows to 128 threads took 205 and 133.
# Rows of 16 ran alike (196 us) and rows of 4 ran 75 us direct and over 200
# staged: a warp's short rows share its cache lines anyway.
ROWS = 64
THREADS = 256
MIN_ROW_BYTES = 128
# Shared memory a block may use (bytes): the default limit without opting in.
SHARED_BYTES = 48 * 1024
# Fewer rows per block than this: the rows are too long to stage.
MIN_ROWS = 32


def stageable(core, dtype):
    """Whether an argument of core dimensions `core` (a tuple of sizes) and
    `dtype` is staged (before the read-only check of inputs): one core
    dimension, rows of MIN_ROW_BYTES or more, a numeric or bool dtype."""
    dtype = np.dtype(dtype)
    return len(core) == 1 and core[0] >= 2 and core[0] * dtype.itemsize >= MIN_ROW_BYTES \
        and dtype.kind in "biufc"


def layout(staged, rows_of, itemsizes):
    """Rows per block and each staged argument's offset in shared memory, in
    elements of its own dtype (each region 16-byte aligned), and the bytes
    in all; None when fewer than MIN_ROWS rows fit in SHARED_BYTES.
    `rows_of[k]` is argument k's row length m, `itemsizes[k]` its bytes an
    element."""
    rows = ROWS
    while rows >= MIN_ROWS:
        offsets, at = {}, 0
        for k in staged:
            offsets[k] = at // itemsizes[k]
            at += (rows * (rows_of[k] | 1) * itemsizes[k] + 15) // 16 * 16
        if at <= SHARED_BYTES:
            return rows, offsets, at
        rows //= 2
    return None


def source(name, nargs, staged, copy_in, copy_out, dtypes, passed, dims):
    """The staged kernel's source: def name(a0, ..., n, R, m<k>, o<k>, ...),
    whose arguments a<k> are as the direct kernel takes them (a staged
    one's: its C-contiguous (n, m) array, whose rows r0.. of a block are one
    contiguous span); n the loop count, R the rows a
    block, m<k> and o<k> a staged argument's row length and offset in
    shared memory (elements of its dtype).

    `staged` lists the staged arguments (k), `copy_in` those copied into
    shared memory first (staged inputs, given outputs), `copy_out` those
    copied back (staged outputs). `dtypes[k]` names argument k's dtype (the
    kernel's scope holds it as dt_<name>); `passed[k]` is how the direct
    kernel passes argument k at loop index i; `dims[k]` names its core
    dimension: arguments of one dimension have rows of one length, and are
    copied in one loop (a load of each in flight at once)."""
    params = ["a%d" % k for k in range(nargs)] + ["n", "R"] + [
        "%s%d" % (p, k) for k in staged for p in ("m", "o")]
    lines = ["def %s(%s):" % (name, ", ".join(params)),
             "    t = cuda.threadIdx.x",
             "    T = cuda.blockDim.x",
             "    r0 = cuda.blockIdx.x * R",
             "    nr = min(R, n - r0)"]
    for dt in sorted({dtypes[k] for k in staged}):
        lines.append("    sh_%s = cuda.shared.array(0, dt_%s)" % (dt, dt))
    for k in staged:
        lines.append("    p%d = m%d | 1" % (k, k))

    def copy(which, inward):
        out = []
        for dim in sorted({dims[k] for k in which}):
            group = [k for k in which if dims[k] == dim]
            m, p = "m%d" % group[0], "p%d" % group[0]
            out += ["    e = t",
                    "    while e < nr * %s:" % m,
                    "        r = e // %s" % m,
                    "        c = e - r * %s" % m,
                    "        s = r * %s + c" % p]
            for k in group:
                shared, glob = "sh_%s[o%d + s]" % (dtypes[k], k), "a%d[r0 + r, c]" % k
                out.append("        %s = %s" % ((shared, glob) if inward else (glob, shared)))
            out.append("        e += T")
        return out

    lines += copy(copy_in, True)
    lines.append("    cuda.syncthreads()")
    call = ["sh_%s[o%d + t * p%d:o%d + t * p%d + m%d]" % (dtypes[k], k, k, k, k, k)
            if k in staged else passed[k] for k in range(nargs)]
    lines += ["    if t < nr:",
              "        i = r0 + t",
              "        op(%s)" % ", ".join(call),
              "    cuda.syncthreads()"]
    lines += copy(copy_out, False)
    return "\n".join(lines) + "\n"
