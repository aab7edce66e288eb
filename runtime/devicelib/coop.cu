//===- coop.cu - pyjit's device library: block-wide cooperative primitives ===//
//
// Built at build time by nvcc as relocatable device code (`-rdc`, one cubin
// per architecture) and linked by nvJitLink into a kernel only when the
// kernel calls one of these functions (docs/coop.md). Each function is
// called by every thread of the block (a block-wide barrier inside); the
// block's threads are ranked row-major, x fastest, as in CUB.
//
//   T __pyjit_coop_block_reduce_<op>_<t>(T x)
//       op over the block's x: the same result in every thread.
//   T __pyjit_coop_block_inclusive_scan_<op>_<t>(T x, T *aggregate)
//   T __pyjit_coop_block_exclusive_scan_<op>_<t>(T x, T *aggregate)
//       thread i gets op(x_0, .., x_i) (inclusive) or op(x_0, .., x_{i-1})
//       (exclusive; thread 0 gets op's identity); *aggregate (a generic
//       pointer) the reduction of the whole block, in every thread.
//
// op is add, min or max; t is i32, i64, u32, u64, f32 or f64. min and max
// keep Python's rule for a pair: min(a, b) is b only when b < a. The
// temporary storage (33 values) is each function's static __shared__
// array: the linker sizes it into the kernel's shared memory. Each call ends
// with a barrier, so calls may follow each other without one in between.
//
// Algorithms: warp shuffles within each warp, one value per warp through
// shared memory, a second warp-level pass by warp 0 — the layout of CUB's
// BlockReduceWarpReductions and BlockScanWarpScans (CUB, block/specializations),
// written here for a block size known only at run time, partial last warps
// included.
//===----------------------------------------------------------------------===//
#include <cstdint>

namespace {

constexpr unsigned kFullMask = 0xffffffffu;

struct Add {
  template <class T> __device__ static T apply(T a, T b) { return a + b; }
  template <class T> __device__ static T identity() { return T(0); }
};
struct Min {
  template <class T> __device__ static T apply(T a, T b) { return b < a ? b : a; }
  template <class T> __device__ static T identity();
};
struct Max {
  template <class T> __device__ static T apply(T a, T b) { return a < b ? b : a; }
  template <class T> __device__ static T identity();
};

template <> __device__ int32_t Min::identity<int32_t>() { return INT32_MAX; }
template <> __device__ int64_t Min::identity<int64_t>() { return INT64_MAX; }
template <> __device__ uint32_t Min::identity<uint32_t>() { return UINT32_MAX; }
template <> __device__ uint64_t Min::identity<uint64_t>() { return UINT64_MAX; }
template <> __device__ float Min::identity<float>() { return __int_as_float(0x7f800000); }
template <> __device__ double Min::identity<double>() {
  return __longlong_as_double(0x7ff0000000000000ll);
}
template <> __device__ int32_t Max::identity<int32_t>() { return INT32_MIN; }
template <> __device__ int64_t Max::identity<int64_t>() { return INT64_MIN; }
template <> __device__ uint32_t Max::identity<uint32_t>() { return 0; }
template <> __device__ uint64_t Max::identity<uint64_t>() { return 0; }
template <> __device__ float Max::identity<float>() { return __int_as_float(0xff800000); }
template <> __device__ double Max::identity<double>() {
  return __longlong_as_double(static_cast<long long>(0xfff0000000000000ull));
}

struct BlockShape {
  unsigned tid, n, lane, warp, warps, width; // width: threads in this warp
  __device__ BlockShape() {
    tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    n = blockDim.x * blockDim.y * blockDim.z;
    lane = tid & 31;
    warp = tid >> 5;
    warps = (n + 31) >> 5;
    unsigned left = n - (warp << 5);
    width = left < 32 ? left : 32;
  }
};

__device__ inline unsigned maskOf(unsigned width) {
  return width >= 32 ? kFullMask : (1u << width) - 1;
}

/// op over the first `count` lanes of `width` active lanes: the result in lane 0.
template <class Op, class T> __device__ T warpReduce(T x, unsigned lane, unsigned width,
                                                     unsigned count) {
  unsigned mask = maskOf(width);
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    T y = __shfl_down_sync(mask, x, offset);
    if (lane + offset < count)
      x = Op::apply(x, y);
  }
  return x;
}

/// Inclusive scan over `width` active lanes.
template <class Op, class T> __device__ T warpInclusiveScan(T x, unsigned lane, unsigned width) {
  unsigned mask = maskOf(width);
  for (unsigned offset = 1; offset < 32; offset <<= 1) {
    T y = __shfl_up_sync(mask, x, offset);
    if (lane >= offset)
      x = Op::apply(y, x);
  }
  return x;
}

template <class Op, class T> __device__ T blockReduce(T x) {
  __shared__ T scratch[33];
  BlockShape s;
  x = warpReduce<Op>(x, s.lane, s.width, s.width);
  if (s.lane == 0)
    scratch[s.warp] = x;
  __syncthreads();
  if (s.warp == 0) {
    T v = s.lane < s.warps ? scratch[s.lane] : scratch[0];
    v = warpReduce<Op>(v, s.lane, s.width, s.warps);
    if (s.lane == 0)
      scratch[32] = v;
  }
  __syncthreads();
  T result = scratch[32];
  __syncthreads(); // the next call may write scratch
  return result;
}

template <class Op, class T> __device__ T blockScan(T x, T *aggregate, bool inclusive) {
  __shared__ T scratch[33];
  BlockShape s;
  T incl = warpInclusiveScan<Op>(x, s.lane, s.width);
  if (s.lane == s.width - 1)
    scratch[s.warp] = incl; // the warp's total
  __syncthreads();
  if (s.warp == 0) {
    T v = s.lane < s.warps ? scratch[s.lane] : scratch[0];
    v = warpInclusiveScan<Op>(v, s.lane, s.width);
    if (s.lane < s.warps)
      scratch[s.lane] = v; // inclusive prefixes of the warp totals
  }
  __syncthreads();
  T warpPrefix = s.warp > 0 ? scratch[s.warp - 1] : Op::template identity<T>();
  T total = scratch[s.warps - 1];
  T result;
  if (inclusive) {
    result = s.warp > 0 ? Op::apply(warpPrefix, incl) : incl;
  } else {
    T before = __shfl_up_sync(maskOf(s.width), incl, 1);
    if (s.lane == 0)
      result = warpPrefix;
    else
      result = s.warp > 0 ? Op::apply(warpPrefix, before) : before;
  }
  __syncthreads(); // the next call may write scratch
  *aggregate = total;
  return result;
}

} // namespace

#define PYJIT_COOP_DEFINE(OPNAME, OP, TNAME, T)                                                 \
  extern "C" __device__ T __pyjit_coop_block_reduce_##OPNAME##_##TNAME(T x) {                   \
    return blockReduce<OP>(x);                                                                 \
  }                                                                                            \
  extern "C" __device__ T __pyjit_coop_block_inclusive_scan_##OPNAME##_##TNAME(T x, T *agg) {   \
    return blockScan<OP>(x, agg, true);                                                        \
  }                                                                                            \
  extern "C" __device__ T __pyjit_coop_block_exclusive_scan_##OPNAME##_##TNAME(T x, T *agg) {   \
    return blockScan<OP>(x, agg, false);                                                       \
  }

#define PYJIT_COOP_DEFINE_OPS(TNAME, T)                                                         \
  PYJIT_COOP_DEFINE(add, Add, TNAME, T)                                                         \
  PYJIT_COOP_DEFINE(min, Min, TNAME, T)                                                         \
  PYJIT_COOP_DEFINE(max, Max, TNAME, T)

PYJIT_COOP_DEFINE_OPS(i32, int32_t)
PYJIT_COOP_DEFINE_OPS(i64, int64_t)
PYJIT_COOP_DEFINE_OPS(u32, uint32_t)
PYJIT_COOP_DEFINE_OPS(u64, uint64_t)
PYJIT_COOP_DEFINE_OPS(f32, float)
PYJIT_COOP_DEFINE_OPS(f64, double)

// cuda.cg (numba.cuda's cooperative groups): GridGroup.sync(), a barrier for
// every thread of the grid. CUDA's cooperative_groups grid barrier, which
// since CUDA 11 is header-only: it reads the grid's workspace from the
// registers %envreg1/2, which the driver sets only for a cooperative launch
// (cuLaunchCooperativeKernel); pyjit launches every kernel that calls this
// one that way. CUDA C++ Programming Guide, "Grid Synchronization".
#include <cooperative_groups.h>

extern "C" __device__ void __pyjit_coop_grid_sync() { cooperative_groups::this_grid().sync(); }
