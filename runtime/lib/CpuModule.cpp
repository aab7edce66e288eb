//===- CpuModule.cpp - The CPU backend: JIT-compiled host kernels -------===//
#include "pyjit/runtime/CpuModule.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::runtime;

namespace {

llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// print on the CPU backend: vprintf's contract (CUDA Programming Guide,
/// "Formatted Output"): each argument in an 8-byte slot, in order. Walks
/// the format and hands each conversion its slot.
extern "C" int pyjit_host_vprintf(const char *format, const char *args) {
  std::string out;
  const char *p = format;
  size_t slot = 0;
  while (*p) {
    if (*p != '%') {
      out += *p++;
      continue;
    }
    if (p[1] == '%') {
      out += '%';
      p += 2;
      continue;
    }
    // One conversion: %[flags][width][.precision][length]type.
    const char *start = p++;
    while (*p && !std::strchr("diouxXeEfFgGaAcspn", *p))
      ++p;
    if (!*p)
      break;
    std::string spec(start, p + 1);
    char type = *p++;
    char buffer[512];
    uint64_t bits = 0;
    if (args)
      std::memcpy(&bits, args + 8 * slot++, 8);
    if (std::strchr("eEfFgGaA", type)) {
      double d;
      std::memcpy(&d, &bits, 8);
      std::snprintf(buffer, sizeof buffer, spec.c_str(), d);
    } else if (type == 's' || type == 'p') {
      std::snprintf(buffer, sizeof buffer, spec.c_str(), reinterpret_cast<const char *>(bits));
    } else if (type == 'c') {
      std::snprintf(buffer, sizeof buffer, spec.c_str(), static_cast<int>(bits));
    } else if (type == 'n') {
      continue;
    } else {
      // Integers: the format's length modifier says how wide (%lld, %d, ...).
      std::snprintf(buffer, sizeof buffer, spec.c_str(), static_cast<long long>(bits));
    }
    out += buffer;
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return static_cast<int>(out.size());
}

/// One CUDA thread of a block run as a fiber (Boost.Context): it runs until
/// it finishes or reaches a barrier, where it hands control back to the
/// block's scheduler.
struct FiberThread {
  codegen::HostContext ctx{};
  boost::context::fiber fiber; // the thread, while suspended
  boost::context::fiber sink;  // the scheduler, while the thread runs
  bool finished = false;
  bool waiting = false; // at a barrier
  int32_t kind = 0, value = 0, result = 0;
};

/// cuda.syncthreads*, on the CPU backend: wait for the block's other
/// threads (codegen::kHostBarrier).
extern "C" int32_t pyjit_host_barrier(codegen::HostContext *ctx, int32_t kind, int32_t value) {
  auto *self = static_cast<FiberThread *>(ctx->runner);
  self->waiting = true;
  self->kind = kind;
  self->value = value;
  self->sink = std::move(self->sink).resume();
  return self->result;
}

/// Runs one block with a fiber per thread: every live thread runs up to its
/// next barrier; when each unfinished thread waits at one, the barrier
/// opens with the block's count/and/or of their values. A thread that
/// finishes no longer takes part (as on sm_70 and later, where exited
/// threads do not hold a barrier back).
llvm::Error runBlockWithFibers(codegen::HostEntry entry, std::vector<FiberThread> &threads,
                               const uint64_t *slots) {
  namespace bc = boost::context;
  for (FiberThread &t : threads) {
    t.finished = t.waiting = false;
    t.ctx.runner = &t;
    t.fiber = bc::fiber(std::allocator_arg, bc::protected_fixedsize_stack(256 * 1024),
                        [&t, entry, slots](bc::fiber &&sink) {
                          t.sink = std::move(sink);
                          entry(&t.ctx, slots);
                          t.finished = true;
                          return std::move(t.sink);
                        });
  }
  for (;;) {
    bool anyLive = false;
    for (FiberThread &t : threads)
      if (!t.finished && !t.waiting) {
        t.fiber = std::move(t.fiber).resume();
        anyLive = true;
      }
    // Every unfinished thread now waits at a barrier (or all finished).
    int32_t count = 0, all = 1, any = 0;
    bool waiting = false;
    for (FiberThread &t : threads)
      if (!t.finished) {
        waiting = true;
        count += t.value != 0;
        all &= t.value != 0;
        any |= t.value != 0;
      }
    if (!waiting)
      return llvm::Error::success();
    (void)anyLive;
    for (FiberThread &t : threads)
      if (!t.finished) {
        t.result = t.kind == 1 ? count : t.kind == 2 ? all : t.kind == 3 ? any : 0;
        t.waiting = false;
      }
  }
}

} // namespace

llvm::Expected<std::unique_ptr<CpuModule>> CpuModule::load(llvm::ArrayRef<char> bitcode,
                                                           llvm::StringRef entry) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return jit.takeError();
  auto context = std::make_unique<llvm::LLVMContext>();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(bitcode.data(), bitcode.size()),
                                                 "kernel.bc", false);
  auto module = llvm::parseBitcodeFile(buffer->getMemBufferRef(), *context);
  if (!module)
    return module.takeError();
  llvm::orc::JITDylib &lib = (*jit)->getMainJITDylib();
  // The C library's math (sinf, ...) from this process; print from pyjit.
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  lib.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(), (*jit)->getDataLayout());
  auto flags = llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable;
  if (llvm::Error err = lib.define(llvm::orc::absoluteSymbols(
          {{mangle(codegen::kHostPrintf),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_vprintf), flags}},
           {mangle(codegen::kHostBarrier),
            {llvm::orc::ExecutorAddr::fromPtr(&pyjit_host_barrier), flags}}})))
    return std::move(err);
  if (llvm::Error err = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(*module), std::move(context))))
    return std::move(err);
  auto address = (*jit)->lookup(entry);
  if (!address)
    return error("the CPU backend cannot link kernel entry '" + entry +
                 "': " + llvm::toString(address.takeError()));
  std::unique_ptr<CpuModule> out(new CpuModule());
  out->jit = std::move(*jit);
  out->entryFn = address->toPtr<codegen::HostEntry>();
  out->usesBarriers = out->global(codegen::kHostUsesBarriers) != nullptr;
  return out;
}

CpuModule::~CpuModule() = default;

void *CpuModule::global(llvm::StringRef name) const {
  auto address = jit->lookup(name);
  if (!address) {
    llvm::consumeError(address.takeError());
    return nullptr;
  }
  return address->toPtr<void *>();
}

llvm::Error CpuModule::launch(Dim3 grid, Dim3 block, unsigned sharedBytes,
                              const uint64_t *slots) const {
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  if (threads == 0 || threads > 1024)
    return error("a block of " + llvm::Twine(threads) +
                 " threads: the CPU backend, like the GPU, takes 1 to 1024");
  std::vector<char> shared(sharedBytes ? sharedBytes : 1);
  codegen::HostContext ctx{};
  unsigned dims[4][3] = {{0, 0, 0}, {block.x, block.y, block.z}, {0, 0, 0}, {grid.x, grid.y, grid.z}};
  for (unsigned d = 0; d < 3; ++d) {
    ctx.sreg[3 + d] = dims[1][d];
    ctx.sreg[9 + d] = dims[3][d];
  }
  ctx.dynamicShared = shared.data();
  ctx.dynamicSharedBytes = sharedBytes;
  if (usesBarriers) {
    std::vector<FiberThread> fibers(threads);
    for (unsigned bz = 0; bz < grid.z; ++bz)
      for (unsigned by = 0; by < grid.y; ++by)
        for (unsigned bx = 0; bx < grid.x; ++bx) {
          uint32_t linear = 0;
          for (unsigned tz = 0; tz < block.z; ++tz)
            for (unsigned ty = 0; ty < block.y; ++ty)
              for (unsigned tx = 0; tx < block.x; ++tx, ++linear) {
                codegen::HostContext &c = fibers[linear].ctx;
                c = ctx;
                c.sreg[0] = tx, c.sreg[1] = ty, c.sreg[2] = tz;
                c.sreg[6] = bx, c.sreg[7] = by, c.sreg[8] = bz;
                c.sreg[12] = linear % 32;
              }
          if (llvm::Error err = runBlockWithFibers(entryFn, fibers, slots))
            return err;
        }
    return llvm::Error::success();
  }
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        ctx.sreg[6] = bx, ctx.sreg[7] = by, ctx.sreg[8] = bz;
        uint32_t linear = 0;
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++linear) {
              ctx.sreg[0] = tx, ctx.sreg[1] = ty, ctx.sreg[2] = tz;
              ctx.sreg[12] = linear % 32;
              entryFn(&ctx, slots);
            }
      }
  return llvm::Error::success();
}
