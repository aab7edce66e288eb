"""pyjit.coop: block- and warp-wide cooperative primitives for kernels.

    from pyjit import coop

    @cuda.jit
    def block_sums(x, out):
        i = cuda.grid(1)
        total = coop.block.sum(x[i])          # every thread gets the block's sum
        if cuda.threadIdx.x == 0:
            out[cuda.blockIdx.x] = total

Block primitives (`coop.block`, called by every thread of the block, which
may have any shape; threads are ranked x fastest): `sum`, `min`, `max`,
`reduce(x, op)`, `inclusive_sum`, `exclusive_sum`, `inclusive_scan(x, op)`,
`exclusive_scan(x, op)`, and `*_with_aggregate` forms of the scans returning
`(result, block total)`; for tiles of items per thread (local arrays),
`load`/`store` (blocked), `load_striped`/`store_striped`,
`load_vectorized`/`store_vectorized` (blocked, 128-bit accesses where
aligned), `load_warp_transposed`/`store_warp_transposed` (blocked, moved
coalesced and transposed per warp), and
`radix_sort(keys, temp)` / `radix_sort_descending(keys, temp)`,
`exchange_striped_to_blocked` / `exchange_blocked_to_striped(items, temp)` and
`histogram(items, bins)`. With builtin operators the reductions and scans
are calls into pyjit's device library (runtime/devicelib/coop.cu, linked by
nvJitLink) on the GPU and into the CPU backend's runner on the host; the
rest is generated inline.

Warp primitives (`coop.warp`, called by all 32 lanes of a warp): `sum`,
`min`, `max`, `reduce(x, op)`, `inclusive_sum`, `exclusive_sum`,
`inclusive_scan(x, op)`, `exclusive_scan(x, op)`, `broadcast(x, lane)`,
`merge_sort_keys(x[, less])` (one value per lane, or in place a local array
of a power-of-two count of items per lane). They are inlined warp shuffles.

`op` is `operator.add`, `min` or `max`. Values are 32- or 64-bit integers
or floats (bool and narrower integers compute as int32). Exclusive scans
give the first thread (lane) op's identity: 0, the type's largest value
(+inf) for min, its smallest (-inf) for max. Semantics and costs: docs/coop.md.
These names exist only inside kernels; calling them on the host raises
RuntimeError.
"""

__all__ = ["block", "warp"]


class _Namespace:
    """coop.block or coop.warp: their functions are kernel-only."""

    def __init__(self, path, names):
        self._path = path
        self._names = frozenset(names)

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._names:
            raise AttributeError("pyjit.%s has no function '%s'" % (self._path, name))

        def kernel_only(*args, **kwargs):
            raise RuntimeError("pyjit.%s.%s can only be used inside a kernel"
                               % (self._path, name))
        kernel_only.__name__ = name
        kernel_only._pyjit_path = "%s.%s" % (self._path, name)  # a kernel may alias it
        setattr(self, name, kernel_only)  # one object per name: `is` compares them
        return kernel_only

    def __dir__(self):
        return sorted(self._names)

    def __repr__(self):
        return "<pyjit.%s: %s>" % (self._path, ", ".join(sorted(self._names)))


_SCANS = ("inclusive_sum", "exclusive_sum", "inclusive_scan", "exclusive_scan")
block = _Namespace("coop.block", ("sum", "min", "max", "reduce") + _SCANS +
                   tuple(s + "_with_aggregate" for s in _SCANS) +
                   ("load", "load_striped", "store", "store_striped", "load_vectorized",
                    "store_vectorized", "load_warp_transposed", "store_warp_transposed", "radix_sort",
                    "radix_sort_descending", "exchange_striped_to_blocked",
                    "exchange_blocked_to_striped", "histogram"))
warp = _Namespace("coop.warp", ("sum", "min", "max", "reduce", "broadcast",
                                 "merge_sort_keys") + _SCANS)
