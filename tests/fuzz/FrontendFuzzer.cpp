//===- FrontendFuzzer.cpp - libFuzzer target: lexer, parser, typing, IR --===//
//
// Feeds arbitrary bytes to the frontend as a kernel file; every function
// that parses is typed with four patterns of argument types (below) and,
// where that succeeds, lowered to SSA IR, verified and printed. Any crash, hang,
// sanitizer report or verifier failure is a bug (the verifier failing on
// IR made from a typed AST is a compiler bug, so it aborts here).
//
//===----------------------------------------------------------------------===//
#include "pyjit/frontend/Parser.h"
#include "pyjit/ir/IRGen.h"
#include "pyjit/ir/IRPrinter.h"
#include "pyjit/ir/TypeInference.h"
#include "pyjit/ir/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"
#include <cstdlib>

using namespace pyjit;

static ir::GlobalEnv makeGlobals() {
  ir::GlobalEnv env;
  env.set("cuda", ir::GlobalValue::ofModule("cuda"));
  env.set("math", ir::GlobalValue::ofModule("math"));
  env.set("np", ir::GlobalValue::ofModule("numpy"));
  env.set("N", ir::GlobalValue::ofInt(16));
  env.set("ALPHA", ir::GlobalValue::ofFloat(0.5));
  return env;
}

static void fuzzOne(const uint8_t *data, size_t size) {
  static const ir::GlobalEnv globals = makeGlobals();
  SourceFile file("fuzz.py", std::string(reinterpret_cast<const char *>(data), size), 1);
  DiagnosticEngine diags(file);
  auto module = parseSource(file, diags);
  (void)diags.render();
  if (!module)
    return;
  // Each function typed with four argument patterns, so that kernels get
  // past their first statement whatever their parameters are: all 1-d
  // float32 arrays, all 2-d float64 arrays, all int64, and the two
  // alternating (array, int64, array, ...).
  for (const auto &fn : module->functions) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      ir::TypeContext ctx;
      std::vector<ir::Type *> args;
      for (size_t i = 0; i < fn->params.size(); ++i) {
        ir::Type *vector = ctx.array(ctx.float32(), 1, ir::Layout::C);
        args.push_back(pattern == 0   ? vector
                       : pattern == 1 ? ctx.array(ctx.float64(), 2, ir::Layout::C)
                       : pattern == 2 ? static_cast<ir::Type *>(ctx.int64())
                       : i % 2        ? static_cast<ir::Type *>(ctx.int64())
                                      : vector);
      }
      DiagnosticEngine fnDiags(file);
      ir::DeviceFunctionRegistry registry(ctx);
      auto typed = ir::inferTypes(*fn, args, globals, ctx, fnDiags, &registry);
      (void)fnDiags.render();
      if (!typed)
        continue;
      auto irFn = ir::generateIR(*typed, ctx, fnDiags);
      if (!irFn)
        continue;
      if (auto err = ir::verifyFunction(*irFn)) {
        llvm::errs() << llvm::toString(std::move(err)) << "\n";
        std::abort();
      }
      std::string text;
      llvm::raw_string_ostream os(text);
      ir::printFunction(*irFn, os);
    }
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // On a thread with the compiler's own stack (codegen::compileKernel's 512
  // MiB): the parser's nesting limits are sized for it, not for the main
  // thread's 8 MB (which ASan's frames fill at a few hundred levels).
  llvm::thread worker(std::optional<unsigned>(512u << 20), [&] { fuzzOne(data, size); });
  worker.join();
  return 0;
}
