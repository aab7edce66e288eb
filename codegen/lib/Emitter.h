//===- Emitter.h - IR -> LLVM IR emitter internals (private to codegen/lib) ===//
#ifndef PYJIT_CODEGEN_LIB_EMITTER_H
#define PYJIT_CODEGEN_LIB_EMITTER_H

#include "pyjit/codegen/LLVMEmitter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include <functional>
#include <map>
#include <set>

namespace pyjit::codegen::detail {

using ir::Opcode;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;


constexpr unsigned kGlobalAS = 1; // NVPTX global address space

/// `name` as a PTX identifier ([A-Za-z_$][A-Za-z0-9_$]*, PTX ISA
/// "Identifiers"): a Python name may hold any Unicode letter (`kλ`), which
/// LLVM's NVPTX backend aborts on; each other byte becomes `_xHH`.
inline std::string ptxSymbol(llvm::StringRef name) {
  std::string out;
  for (char c : name) {
    if (llvm::isAlnum(c) || c == '_' || c == '$') {
      out += c;
      continue;
    }
    static const char hex[] = "0123456789abcdef";
    auto byte = static_cast<unsigned char>(c);
    out += "_x";
    out += hex[byte >> 4];
    out += hex[byte & 15];
  }
  return out;
}

/// An array value: data pointer, extents and strides (bytes).
struct ArrayParts {
  llvm::Value *data = nullptr;
  std::vector<llvm::Value *> shape, strides;
  /// Every in-bounds byte offset fits in int32 (shared, local and constant
  /// arrays; kernel arguments under EmitOptions::index32): addresses are
  /// computed in 32-bit arithmetic.
  bool small = false;
  bool shared = false; // in shared memory (racecheck logs its accesses)
};

/// Emits one kernel (LLVMEmitter.cpp: values, arithmetic, arrays, control
/// flow; CudaLowering.cpp: cuda.* intrinsics, atomics, shared/local arrays).
class Emitter {
public:
  Emitter(const ir::Function &fn, llvm::Module &module, const EmitOptions &options)
      : fn(fn), module(module), ctx(module.getContext()), b(ctx), options(options) {}

  llvm::Expected<llvm::Function *> run();

private:
  /// Creates `kernel`: the kernel, or the device function compiled on its
  /// own (EmitOptions::Abi C or Numba), taking `params` (parameterTypes).
  void declareKernel(std::vector<llvm::Type *> params);
  /// The function's blocks, after its signature (run) is made.
  llvm::Expected<llvm::Function *> emitBody();
  /// The LLVM parameters of values of `types` as a kernel takes them
  /// (docs/abi.md); arrays' data pointers in `arraySpace`. A complex value
  /// is its two parts, or with `wholeComplex` one {part, part} struct by
  /// value (numba's C ABI, as a C caller passes a struct).
  llvm::Error parameterTypes(llvm::ArrayRef<ir::Type *> types, unsigned arraySpace,
                             std::vector<llvm::Type *> &params, bool wholeComplex = false);
  /// The function `name` of EmitOptions::Abi::Internal taking `types` and
  /// returning `returnType`, declared on first use (a call may come first).
  llvm::Function *internalFunction(llvm::StringRef name, llvm::ArrayRef<ir::Type *> types,
                                   ir::Type *returnType);
  /// Ends the block: the thread stops (a raise; a callee that stopped).
  void stopThread();
  llvm::Error fail(const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "codegen of '" + fn.name() + "': " + msg);
  }
  llvm::Type *typeOf(ir::Type *t);
  llvm::Type *memTypeOf(ir::Type *t); // bool is a byte in memory
  llvm::Value *val(const ir::Value *v) { return values.at(v); }
  llvm::Error emit(const ir::Instruction &inst);
  llvm::Value *arith(const ir::Instruction &inst);
  llvm::Value *fmodOf(llvm::Value *x, llvm::Value *y);
  llvm::Function *powiFunction(llvm::Type *ty); // float ** int64, numba's algorithm
  llvm::Value *floorDivFloat(llvm::Value *x, llvm::Value *y); // float32/float64
  llvm::Value *modFloat(llvm::Value *x, llvm::Value *y);
  llvm::Value *convert(llvm::Value *v, ir::Type *from, ir::Type *to);
  /// fptrunc double -> bfloat rounded once on either target.
  llvm::Value *doubleToBFloat(llvm::Value *v);
  llvm::Value *address(const ir::Instruction &inst);
  /// A load's or store's alignment: the element's size, or the larger
  /// alignment promised in its intImm.
  llvm::Align alignOf(const ir::Instruction &inst, llvm::Type *memTy) const;
  llvm::Value *libdevice(llvm::StringRef name32, llvm::StringRef name64, ir::Type *t,
                         llvm::ArrayRef<llvm::Value *> args);
  llvm::Value *intPow(llvm::Value *base, llvm::Value *exp, bool isSigned);
  llvm::Value *math(const ir::Instruction &inst);
  // CudaLowering.cpp
  llvm::Value *cuda(const ir::Instruction &inst);
  llvm::Value *atomic(const ir::Instruction &inst);
  /// cuda.ldcg(array, i) and the other loads and stores with a cache hint.
  llvm::Value *cacheHinted(const ir::Instruction &inst);
  llvm::Value *shuffle(const ir::Instruction &inst);
  llvm::Value *casLoop(llvm::Value *ptr, llvm::Type *ty,
                       const std::function<llvm::Value *(llvm::Value *old)> &update);
  void allocArray(const ir::Instruction &inst);
  // CoopLowering.cpp
  llvm::Value *coop(const ir::Instruction &inst);
  // CharSeqLowering.cpp: bytes and str items
  llvm::AllocaInst *charSlot(llvm::Type *ty); // a stack slot in the entry block
  llvm::Value *constChars(const ir::Instruction &inst);
  /// \p v of \p from as \p to (the same kind): cut, or padded with zeros.
  llvm::Value *charsResize(llvm::Value *v, ir::CharSeqType *from, ir::CharSeqType *to);
  llvm::Value *charsEqual(llvm::Value *x, llvm::Value *y, ir::CharSeqType *type);
  llvm::Value *charsLen(llvm::Value *x, ir::CharSeqType *type);
  void arrayView(const ir::Instruction &inst);
  void print(const ir::Instruction &inst);
  void raise(const ir::Instruction &inst);
  void logSharedAccess(const ir::Instruction &inst, llvm::Value *ptr, llvm::Type *memTy,
                       bool isWrite);
  // Line tables (EmitOptions::lineinfo)
  void beginDebugInfo();
  void setDebugLoc(const ir::Instruction &inst);
  // Variables (EmitOptions::debugInfo)
  void debugValue(const ir::Instruction &inst);
  /// A pointer parameter of a device function compiled on its own (the C
  /// and Numba ABIs): one C pointer, not an array's parameters.
  bool isExportedPointer(ir::Type *t) const {
    auto *at = llvm::dyn_cast<ir::ArrayType>(t);
    return at && at->isPointer() &&
           (options.abi == EmitOptions::Abi::C || options.abi == EmitOptions::Abi::Numba);
  }
  /// Full debug information of an inlined device function (ir::InlineSite):
  /// its subprogram (one per function), and the location of the call that
  /// inlined site \p site, itself inlined where its caller was.
  llvm::DISubprogram *inlinedSubprogram(unsigned site);
  llvm::DILocation *inlinedAt(unsigned site);
  llvm::DIScope *scopeOfSite(unsigned site) {
    return site ? static_cast<llvm::DIScope *>(inlinedSubprogram(site)) : subprogram;
  }
  llvm::DIType *debugType(ir::Type *t);
  // ComplexLowering.cpp
  llvm::Value *complexArith(const ir::Instruction &inst);
  llvm::Value *complexConvert(llvm::Value *v, ir::Type *from, ir::Type *to);
  llvm::Value *makeComplex(llvm::Type *ty, llvm::Value *re, llvm::Value *im);
  llvm::Value *globalString(llvm::StringRef text);
  llvm::Value *callIntrinsic(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value *> args,
                             llvm::ArrayRef<llvm::Type *> overloads = {});
  llvm::Value *sreg(ir::SpecialReg r);
  // Address spaces: NVPTX's, or 0 for everything on the host.
  unsigned globalAS() const { return options.host ? 0 : kGlobalAS; }
  unsigned sharedAS() const { return options.host ? 0 : 3; }
  unsigned constAS() const { return options.host ? 0 : 4; }
  bool isSigned(ir::Type *t) {
    auto *it = dyn_cast<ir::IntType>(t);
    return it && it->isSigned();
  }

  const ir::Function &fn;
  llvm::Module &module;
  llvm::LLVMContext &ctx;
  llvm::IRBuilder<> b;
  const EmitOptions &options;
  std::unique_ptr<llvm::DIBuilder> dib;
  llvm::DISubprogram *subprogram = nullptr;
  std::map<const SourceFile *, llvm::DIScope *> fileScopes;
  llvm::DIFile *debugFile = nullptr; // the function's own file
  /// One DWARF variable per source name, type and inline site, however often
  /// assigned (a parameter's first, at the entry): its local-memory slot
  /// (debugValue).
  std::map<std::tuple<std::string, llvm::DIType *, unsigned>, llvm::AllocaInst *> debugVars;
  std::map<std::tuple<std::string, const SourceFile *, unsigned>, llvm::DISubprogram *>
      inlinedSubprograms;
  std::map<unsigned, llvm::DILocation *> inlineCalls;
  std::map<ir::Type *, llvm::DIType *> debugTypes;
  llvm::Function *kernel = nullptr;
  std::map<const ir::Value *, llvm::Value *> values;
  std::map<const ir::Value *, ArrayParts> arrays;
  std::map<const ir::BasicBlock *, llvm::BasicBlock *> blocks;
  // The LLVM block where each IR block's code ends (lowering may split it).
  std::map<const ir::BasicBlock *, llvm::BasicBlock *> blockEnds;
  unsigned sharedCount = 0;
  /// Constant-memory arrays by contents: a global array read in several
  /// places is one copy (constant memory holds 64 KiB).
  std::map<std::string, llvm::GlobalVariable *> constArrays;
  /// The CPU backend's source file names, one constant string per file, that
  /// calls into the runner pass for its errors (hostFileName).
  std::map<std::string, llvm::GlobalVariable *> hostFileNames;
  llvm::Value *hostFileName(const ir::Instruction &inst);
  uint64_t hostSharedBytes = 0; // static shared memory of a host kernel
  /// Shared arrays by ir::Instruction::allocSite: one allocation per site.
  std::map<uint32_t, llvm::Value *> sharedSites;
  llvm::Value *hostCoopScratch = nullptr; // host: the coop primitives' block scratch
  std::map<const ir::Value *, llvm::Value *> coopAggregates; // Coop -> its total's slot
  std::vector<std::pair<const ir::Instruction *, llvm::PHINode *>> phis;

  /// An array variable assigned different arrays on different paths: a phi
  /// per part (data, extents, strides), completed with the other phis.
  void arrayPhi(const ir::Instruction &inst);
  /// Stores \p v at \p ptr, known aligned only to \p align (a record's
  /// field): on the GPU a float below its alignment goes byte by byte.
  void storeMisaligned(llvm::Value *v, llvm::Value *ptr, llvm::Align align);
  /// Where an array's data lives, found from how it was made (an argument,
  /// an allocation, a view of one, a phi of them): the pointer's address
  /// space (generic, 0, where paths disagree), and whether it is shared.
  struct ArraySpace {
    unsigned space = 0;
    bool shared = false;
    bool known = false;
  };
  ArraySpace arraySpace(const ir::Value *v, std::set<const ir::Value *> &seen);
  std::vector<const ir::Instruction *> arrayPhis;
  bool synchronizesGrid = false; // the kernel calls GridGroup.sync() (cuda.cg)
};

} // namespace pyjit::codegen::detail

#endif
