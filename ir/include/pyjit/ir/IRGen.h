//===- IRGen.h - Lowering of a typed AST function to the SSA IR ----------===//
#ifndef PYJIT_IR_IRGEN_H
#define PYJIT_IR_IRGEN_H

#include "pyjit/ir/Function.h"
#include "pyjit/ir/TypeInference.h"
#include <memory>

namespace pyjit::ir {

/// How generateIR and generateModule lower a function.
struct IRGenOptions {
  /// Debug mode (numba's debug=True): `assert` statements are checked (a
  /// failing one prints "AssertionError: <message> (file:line)" and traps;
  /// otherwise they vanish), and so are array and tuple indices.
  bool debug = false;
  /// The kernel's launch bounds (0: CUDA's 1024): sizes the shared storage
  /// pyjit.coop's tile primitives allocate themselves.
  unsigned maxThreadsPerBlock = 0;
  /// Check array and tuple indices without the rest of debug mode (the CPU
  /// backend, where a stray store would corrupt the host process).
  bool boundsCheck = false;
  /// Each iteration of a while loop asks whether the launch was interrupted
  /// (CudaFn::Interrupted) and raises KeyboardInterrupt, naming the loop,
  /// if so: the CPU backend, where Ctrl-C would otherwise not stop a kernel
  /// looping forever.
  bool interruptible = false;
  /// `typed` is a device function compiled on its own
  /// (cuda.compile_ptx(device=True)): the Function returns typed.returnType,
  /// every `return v` ending in one `ret v`.
  bool returnsValue = false;
  /// Fast math that assumes no infinities or NaNs: debug mode does not check
  /// float division by zero (numba: fastmath suppresses that
  /// ZeroDivisionError). generateModule only.
  bool fastFloats = false;
  /// numba's error_model="numpy" in debug mode: division (and 0 to a
  /// negative power) by zero raises no ZeroDivisionError but gives numpy's
  /// inf, NaN or 0, as outside debug mode; other checks stay, complex
  /// division by zero's too (numba's CPU ufuncs: pyjit's target='cpu'
  /// (gu)vectorize).
  bool numpyErrors = false;
  /// Full debug information (debug=True with opt=False): each assignment to
  /// a parameter or local of the function itself (not of device functions
  /// inlined into it) is followed by an Opcode::DebugValue naming it.
  bool debugInfo = false;
};

/// Lowers `typed` (the output of inferTypes) to SSA form: locals become SSA
/// values (Braun et al.), tuples are kept as their elements, control flow
/// becomes basic blocks, and every operator gets explicit casts to the types
/// TypeRules prescribes. Returns null after reporting an error to `diags`.
/// Device functions called recursively (CallBinding::recursive) are not
/// inlined: their calls are Opcode::Call of functions of their own, which
/// generateModule lowers.
std::unique_ptr<Function> generateIR(const TypedFunction &typed, TypeContext &ctx,
                                     DiagnosticEngine &diags, const IRGenOptions &options = {});

/// generateIR, then each device function called recursively, reached from
/// `typed` or from one another, lowered once as a function of the module
/// (returning its value, IRGenOptions::returnsValue). functions[0] is
/// `typed`'s, and its errorSites hold every function's (the Raise and
/// CheckStack instructions of the others are numbered into them; each keeps the table
/// as far as its own sites).
std::unique_ptr<Module> generateModule(const TypedFunction &typed, TypeContext &ctx,
                                       DiagnosticEngine &diags, const IRGenOptions &options = {});

} // namespace pyjit::ir

#endif
