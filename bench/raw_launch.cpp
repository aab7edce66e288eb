// raw_launch: the floor for bench/launch.py -- back-to-back cuLaunchKernel
// calls from C++, with no language runtime in between.
//
//     build/bench/raw_launch [--launches N] [--runs R] [--print-ptx]
//
// Opens libcuda.so.1 with dlopen (no link-time CUDA dependency; cuda.h only
// supplies the declarations), loads the hand-written PTX below through the
// driver's JIT, and for each argument set launches its empty kernel on 1
// block of 32 threads on the legacy default stream: N launches back to back, one
// cuCtxSynchronize, R runs, median. The argument sets are the ones of
// bench/launch.py:
//   args0            no parameters
//   arrays3_scalar1  3 pointers (.u64) and 1 float (.f32)
//   arrays16         16 pointers
//   scalars64        64 floats
// The pointers are 16 distinct 4-byte cuMemAlloc buffers; the kernel
// parameter array (void*[]) is built once, outside the timed loop, as a C
// program would.
//
// Output, one line each (parsed by bench/launch.py):
//   device name="NVIDIA H200" driver=13000 launches=N runs=R
//   result set=<name> nargs=<k> median_us=<x> runs_us=<r1>,<r2>,...
// Errors go to stderr with exit status 1 (or 2 when libcuda.so.1 or a
// driver entry point is missing).
//
// Build: bench/build_raw_launch.sh (g++ -O2 -I/usr/local/cuda/include ... -ldl).
#include <cuda.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// cuda.h maps some names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2);
// the stringised macro expansion gives the symbol the header means, and
// decltype the matching type.
#define STR2(x) #x
#define STR(x) STR2(x)
#define DRIVER_FN(name) decltype(&name) p_##name = nullptr
DRIVER_FN(cuInit);
DRIVER_FN(cuDriverGetVersion);
DRIVER_FN(cuDeviceGet);
DRIVER_FN(cuDeviceGetName);
DRIVER_FN(cuDevicePrimaryCtxRetain);
DRIVER_FN(cuCtxSetCurrent);
DRIVER_FN(cuCtxSynchronize);
DRIVER_FN(cuModuleLoadDataEx);
DRIVER_FN(cuModuleGetFunction);
DRIVER_FN(cuMemAlloc);
DRIVER_FN(cuLaunchKernel);
DRIVER_FN(cuGetErrorString);

bool load_driver(std::string &why) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    why = std::string("libcuda.so.1 could not be loaded: ") + dlerror();
    return false;
  }
#define LOAD(name)                                                              \
  p_##name = reinterpret_cast<decltype(&name)>(dlsym(lib, STR(name)));          \
  if (!p_##name) {                                                              \
    why = std::string("libcuda.so.1 lacks ") + STR(name);                       \
    return false;                                                               \
  }
  LOAD(cuInit);
  LOAD(cuDriverGetVersion);
  LOAD(cuDeviceGet);
  LOAD(cuDeviceGetName);
  LOAD(cuDevicePrimaryCtxRetain);
  LOAD(cuCtxSetCurrent);
  LOAD(cuCtxSynchronize);
  LOAD(cuModuleLoadDataEx);
  LOAD(cuModuleGetFunction);
  LOAD(cuMemAlloc);
  LOAD(cuLaunchKernel);
  LOAD(cuGetErrorString);
#undef LOAD
  return true;
}

void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  const char *msg = nullptr;
  if (p_cuGetErrorString)
    p_cuGetErrorString(r, &msg);
  std::fprintf(stderr, "raw_launch: %s failed: %s (%d)\n", what, msg ? msg : "?", int(r));
  std::exit(1);
}

// The empty kernels in PTX, one .entry per argument set, each only `ret`
// (checked with `ptxas -arch=sm_90`; --print-ptx prints it).
const char kPtx[] = R"PTX(.version 8.0
.target sm_90
.address_size 64

.visible .entry args0()
{
    ret;
}

.visible .entry arrays3_scalar1(
    .param .u64 a0, .param .u64 a1, .param .u64 a2, .param .f32 s0)
{
    ret;
}

.visible .entry arrays16(
    .param .u64 a0, .param .u64 a1, .param .u64 a2, .param .u64 a3,
    .param .u64 a4, .param .u64 a5, .param .u64 a6, .param .u64 a7,
    .param .u64 a8, .param .u64 a9, .param .u64 a10, .param .u64 a11,
    .param .u64 a12, .param .u64 a13, .param .u64 a14, .param .u64 a15)
{
    ret;
}

.visible .entry scalars64(
    .param .f32 s0, .param .f32 s1, .param .f32 s2, .param .f32 s3,
    .param .f32 s4, .param .f32 s5, .param .f32 s6, .param .f32 s7,
    .param .f32 s8, .param .f32 s9, .param .f32 s10, .param .f32 s11,
    .param .f32 s12, .param .f32 s13, .param .f32 s14, .param .f32 s15,
    .param .f32 s16, .param .f32 s17, .param .f32 s18, .param .f32 s19,
    .param .f32 s20, .param .f32 s21, .param .f32 s22, .param .f32 s23,
    .param .f32 s24, .param .f32 s25, .param .f32 s26, .param .f32 s27,
    .param .f32 s28, .param .f32 s29, .param .f32 s30, .param .f32 s31,
    .param .f32 s32, .param .f32 s33, .param .f32 s34, .param .f32 s35,
    .param .f32 s36, .param .f32 s37, .param .f32 s38, .param .f32 s39,
    .param .f32 s40, .param .f32 s41, .param .f32 s42, .param .f32 s43,
    .param .f32 s44, .param .f32 s45, .param .f32 s46, .param .f32 s47,
    .param .f32 s48, .param .f32 s49, .param .f32 s50, .param .f32 s51,
    .param .f32 s52, .param .f32 s53, .param .f32 s54, .param .f32 s55,
    .param .f32 s56, .param .f32 s57, .param .f32 s58, .param .f32 s59,
    .param .f32 s60, .param .f32 s61, .param .f32 s62, .param .f32 s63)
{
    ret;
}
)PTX";

struct ArgSet {
  const char *name;
  int pointers;  // .param .u64, first
  int floats;    // .param .f32, after them
};
const ArgSet kSets[] = {
    {"args0", 0, 0},
    {"arrays3_scalar1", 3, 1},
    {"arrays16", 16, 0},
    {"scalars64", 0, 64},
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

int main(int argc, char **argv) {
  long launches = 10000;
  int runs = 5;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--launches") && i + 1 < argc) {
      launches = std::atol(argv[++i]);
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--print-ptx")) {
      std::fputs(kPtx, stdout);
      return 0;
    } else {
      std::fprintf(stderr, "usage: %s [--launches N] [--runs R] [--print-ptx]\n", argv[0]);
      return 1;
    }
  }
  if (launches < 1 || runs < 1) {
    std::fprintf(stderr, "raw_launch: --launches and --runs must be positive\n");
    return 1;
  }

  std::string why;
  if (!load_driver(why)) {
    std::fprintf(stderr, "raw_launch: %s\n", why.c_str());
    return 2;
  }
  check(p_cuInit(0), "cuInit");
  int driver = 0;
  check(p_cuDriverGetVersion(&driver), "cuDriverGetVersion");
  CUdevice dev;
  check(p_cuDeviceGet(&dev, 0), "cuDeviceGet");
  char name[256] = {0};
  check(p_cuDeviceGetName(name, sizeof name - 1, dev), "cuDeviceGetName");
  CUcontext ctx;
  check(p_cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(p_cuCtxSetCurrent(ctx), "cuCtxSetCurrent");

  char log[8192] = {0};
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, reinterpret_cast<void *>(sizeof log - 1)};
  CUmodule mod;
  CUresult r = p_cuModuleLoadDataEx(&mod, kPtx, 2, opts, vals);
  if (r != CUDA_SUCCESS) {
    std::fprintf(stderr, "raw_launch: the PTX did not load: %s\n", log);
    check(r, "cuModuleLoadDataEx");
  }

  CUdeviceptr bufs[16];
  for (CUdeviceptr &b : bufs)
    check(p_cuMemAlloc(&b, 4), "cuMemAlloc");
  float scalars[64];
  for (int i = 0; i < 64; ++i)
    scalars[i] = float(i);

  std::printf("device name=\"%s\" driver=%d launches=%ld runs=%d\n", name, driver, launches, runs);
  for (const ArgSet &s : kSets) {
    CUfunction fn;
    check(p_cuModuleGetFunction(&fn, mod, s.name), "cuModuleGetFunction");
    std::vector<void *> params;
    for (int i = 0; i < s.pointers; ++i)
      params.push_back(&bufs[i]);
    for (int i = 0; i < s.floats; ++i)
      params.push_back(&scalars[i]);
    void **kp = params.empty() ? nullptr : params.data();

    auto launch = [&] {
      check(p_cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, nullptr, kp, nullptr), "cuLaunchKernel");
    };
    for (long i = 0; i < std::min(launches, 1000L); ++i)  // warm-up
      launch();
    check(p_cuCtxSynchronize(), "cuCtxSynchronize");

    std::vector<double> us;
    for (int rep = 0; rep < runs; ++rep) {
      auto t0 = std::chrono::steady_clock::now();
      for (long i = 0; i < launches; ++i)
        launch();
      check(p_cuCtxSynchronize(), "cuCtxSynchronize");
      auto t1 = std::chrono::steady_clock::now();
      us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
    }
    std::printf("result set=%s nargs=%d median_us=%.4f runs_us=", s.name, s.pointers + s.floats,
                median(us));
    for (size_t i = 0; i < us.size(); ++i)
      std::printf(i ? ",%.4f" : "%.4f", us[i]);
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
