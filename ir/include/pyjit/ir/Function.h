//===- Function.h - A function of the SSA IR and its module --------------===//
#ifndef PYJIT_IR_FUNCTION_H
#define PYJIT_IR_FUNCTION_H

#include "llvm/ADT/DenseMap.h"
#include "pyjit/ir/BasicBlock.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pyjit::ir {

/// A run-time check that can fail (debug mode). When one fails, the runtime
/// raises `exception` with `message`, in which {0} and {1} stand for the
/// Raise instruction's operands, and the site's location.
struct ErrorSite {
  std::string exception; // a Python builtin exception: IndexError, AssertionError
  std::string message;
  /// An exception's arguments after the first (raise E("bad", 3)): Python
  /// literals ('3', "'x'", 'None'), compile-time constants.
  std::vector<std::string> args;
  std::string file;
  unsigned line = 0, col = 0;
  /// Where the device functions the check lies in were called, innermost
  /// first (empty for the kernel's own code).
  struct Call {
    std::string file;
    unsigned line = 0, col = 0;
  };
  std::vector<Call> calledFrom;
};

/// A device function inlined into a function (full debug information
/// only): its name, file and `def` line, and where it was called, in the
/// caller's file; `parent` is the site the call itself was inlined at (0:
/// the function's own code). Instructions of the inlined body name their
/// site by number (Instruction::inlineSite), so debug information can
/// describe the inlined frame and its variables.
struct InlineSite {
  std::string function;
  const SourceFile *file = nullptr;
  unsigned line = 0;
  unsigned parent = 0;
  SourceLoc callLoc;
  const SourceFile *callFile = nullptr;
};

/// A kernel (returns none) or device function. Block 0 is the entry.
/// LLVM IR a function links in for an ExternCall (Instruction::text its
/// symbol): a numba @intrinsic's code, generated with llvmlite.
struct LinkedIR {
  std::string label; ///< what messages call it: "intrinsic 'clz32'"
  std::string text;  ///< LLVM IR (text) defining the symbol with the C ABI
  /// Where the user called it (the call of the def wrapping the ExternCall,
  /// _intrinsic.py's): errors in the IR are reported there. Null: at the
  /// ExternCall itself.
  const SourceFile *callFile = nullptr;
  SourceLoc callLoc{};
};

class Function {
public:
  Function(std::string name, Type *returnType) : fnName(std::move(name)), retTy(returnType) {}

  const std::string &name() const { return fnName; }
  Type *returnType() const { return retTy; }

  Argument *addArgument(Type *type, std::string name);
  const std::vector<std::unique_ptr<Argument>> &arguments() const { return args; }

  BasicBlock *createBlock();
  std::vector<std::unique_ptr<BasicBlock>> &blocks() { return bbs; }
  const std::vector<std::unique_ptr<BasicBlock>> &blocks() const { return bbs; }
  BasicBlock *entry() const { return bbs.front().get(); }

  /// Replaces every use of `from` (in any block) with `to`.
  void replaceAllUsesWith(Value *from, Value *to);
  /// Replaces every use of each key with its value, in one pass over the
  /// function (many replacements one at a time would be quadratic).
  void replaceAllUsesWith(const llvm::DenseMap<Value *, Value *> &replacements);
  /// Removes blocks unreachable from the entry, fixing predecessor lists and phis.
  void removeUnreachableBlocks();
  /// The blocks reachable from the entry (through successors), in reverse
  /// postorder: the entry first, each block before those it dominates. An
  /// iterative walk, so a function of any number of blocks is safe.
  std::vector<BasicBlock *> reversePostOrder() const;

  /// The checks Raise instructions refer to (by index).
  std::vector<ErrorSite> errorSites;
  /// The inlined device functions: site k is inlineSites[k - 1].
  std::vector<InlineSite> inlineSites;
  /// The LLVM IR its ExternCalls link in, by symbol (codegen/LinkedIR.h).
  std::map<std::string, LinkedIR> linkedIR;

private:
  std::string fnName;
  Type *retTy;
  std::vector<std::unique_ptr<Argument>> args;
  std::vector<std::unique_ptr<BasicBlock>> bbs;
  unsigned nextBlockId = 0;
};

/// A compilation unit: the kernel and the device functions it calls.
struct Module {
  std::vector<std::unique_ptr<Function>> functions;
};

} // namespace pyjit::ir

#endif
