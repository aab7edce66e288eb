//===- Instruction.h - Typed SSA instructions ----------------------------===//
#ifndef PYJIT_IR_INSTRUCTION_H
#define PYJIT_IR_INSTRUCTION_H

#include "pyjit/frontend/SourceFile.h"
#include "pyjit/ir/Value.h"
#include <cstdint>
#include <string>
#include <vector>

namespace pyjit::ir {

class BasicBlock;

enum class Opcode {
  // Constants: the value is in intImm / floatImm.
  ConstInt, ConstFloat, ConstBool,
  // A bytes or str item (CharSeqType) holding the characters of `text`
  // (UTF-8), cut to its count or padded with zeros.
  ConstChars,
  // CharsLen(item) -> int64: the index after its last nonzero character
  // (NumPy's and numba's len of a bytes or str item).
  CharsLen,
  // Arithmetic on two operands of the result type, with Python semantics
  // (FloorDiv and Mod are floored; Pow on integers is exact).
  Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, BitAnd, BitOr, BitXor, Shl, Shr,
  // Unary: Neg (numeric), Not (bool), Invert (integer ~).
  Neg, Not, Invert,
  // Comparison of two operands of one type; the predicate is in intImm.
  Cmp,
  // Conversion to the result type (numeric casts, truthiness to bool; a
  // bytes or str item to one of its kind and another count, cut or padded).
  Cast,
  // The operand's bits as the result type, a scalar of the same width
  // (internal: pyjit.coop's radix sort orders float keys by their bits).
  Bitcast,
  // select(cond, a, b).
  Select,
  // Math: Sqrt (float), Abs, Min, Max (Python's first-wins, NaN-propagating
  // as `min`/`max` are); Math calls the MathFn in intImm (MathFunctions.h)
  // on operands already converted to mathOperandType.
  Sqrt, Abs, Min, Max, Math,
  // ComplexMake(re, im) -> complex; ComplexPart(z) with intImm 0 (real) or
  // 1 (imag) -> the part's float type.
  ComplexMake, ComplexPart,
  // print(...): `text` is the printf format (C99, as vprintf takes it), one
  // conversion per operand; bool operands print True/False.
  Print,
  // Debug info (debug=True, opt=False): the operand is now the value of the
  // Python variable named in `text`; intImm is its parameter number
  // (1-based), 0 for a local. Generates no code; DWARF locations follow it.
  DebugValue,
  // A failed run-time check (debug mode): records error site intImm
  // (Function::errorSites) and up to two int64 operands for the runtime to
  // raise after the launch. The thread then returns (a Ret follows).
  Raise,
  // A cuda.* function (CudaIntrinsics.h) in intImm. Atomics take (array,
  // i0, .., value) or (array, i0, .., expected, value) with int64 indices.
  Cuda,
  // A libdevice function (Libdevice.h) named in `text`: its parameters,
  // converted to their types, then one 1-element local array per output,
  // which the call writes. The result is the function's (none for void).
  Libdevice,
  // A call of a cuda.declare_device function, the symbol in `text`, with
  // numba's device-function ABI (`int f(T *result, params...)`): scalar
  // operands converted to the parameters' types, arrays passed as their
  // data pointers. The result is the function's (none for void).
  ExternCall,
  // A call of a device function that calls itself (directly or through
  // others), lowered as a function of the module (Module::functions) named
  // in `text`, not inlined: its parameters flattened as a kernel's (a tuple
  // as its elements, None and functions as nothing, a record as its
  // 1-element array).
  // The result is the function's (none for None). The callee may stop the
  // thread (a raise): the caller then stops too.
  Call,
  // At the entry of a function called recursively, on the CPU backend:
  // raises error site intImm (RecursionError) when the thread's stack is
  // nearly used up (HostContext::stackLimit). Nothing on the GPU.
  CheckStack,
  // Read a special register (thread/block index); the register is in intImm.
  SReg,
  // Arrays: ArrayShape(a) with the dimension in intImm -> int64;
  // ArrayLoad(a, i0, ..) -> dtype; ArrayStore(a, i0, .., value).
  // Indices are int64 and already wrapped to non-negative. On a load or
  // store, a non-zero intImm promises that the address is a multiple of
  // that many bytes (a power of two; pyjit.coop's vectorized tiles).
  ArrayShape, ArrayLoad, ArrayStore,
  // A field of a record array's element: RecordLoad(a, i0, ..) -> the
  // field's type; RecordStore(a, i0, .., value). intImm is the field's byte
  // offset in the element (RecordType); indices as for ArrayLoad.
  RecordLoad, RecordStore,
  // RecordFieldView(a, i0, .., extents..., byte strides...) -> a view of a
  // record array element's array field (or, as a 1-element 1-d array, of a
  // nested record field): intImm is the field's byte offset in the element;
  // the indices as for ArrayLoad, then the view's constant extents and
  // strides, one each per dimension of the result.
  RecordFieldView,
  // ArrayReshape(a, extents...) -> a C-contiguous array's elements as the
  // result's C-contiguous array type of those int64 extents (a.reshape).
  ArrayReshape,
  // ComplexPartView(a) -> a view of the real (intImm 0) or imaginary (1)
  // parts of a complex array (a.real, a.imag): the part's dtype, the same
  // extents and byte strides.
  ComplexPartView,
  // ArrayFieldView(a) -> the array of one field of a record array's
  // elements (a.x, a['x']): the field's dtype at byte offset intImm into
  // each element, the same extents and byte strides.
  ArrayFieldView,
  // ArrayStride(a) with the dimension in intImm -> int64 bytes.
  ArrayStride,
  // ArrayTranspose(a) -> a view with the dimensions in reverse order (a.T).
  ArrayTranspose,
  // ArrayNewAxis(a) -> a view with new dimensions of extent 1 (stride 0,
  // as NumPy's) where bit k of intImm is set, k a dimension of the result;
  // a's dimensions fill the others in order (a[None, :], a[:, np.newaxis]).
  ArrayNewAxis,
  // ArrayCast(a) -> the same array as another array type of its dtype and
  // rank (layout A, or read-only): a variable holding arrays of several
  // layouts.
  ArrayCast,
  // ArrayAddress(a) -> uint64: the address of the array's first element
  // (internal: pyjit.coop's vectorized tiles test its alignment).
  ArrayAddress,
  // ArrayView(a, per dimension: an index, or lower, upper, step) -> a view.
  // intImm holds 3 bits per dimension: slice, lower is None, upper is None.
  // Slices follow Python's slice.indices (clamping, negative steps).
  ArrayView,
  // A shared (intImm 3), local (intImm 5) or constant (intImm 4, contents
  // in `text`) array of the result's array type; operands are the int64
  // constant extents. A shared array of extent 0 is the dynamic shared
  // memory of the launch.
  AllocArray,
  // GlobalArray(address, extents..., byte strides...): a global device
  // array's memory as the result's array type (constant operands).
  GlobalArray,
  // A block-wide primitive of pyjit.coop (Coop.h) on its one operand, which
  // every thread of the block reaches; intImm is CoopCall::encode(). The
  // result has the operand's type. CoopAggregate(coop) reads the block-wide
  // total of a scan whose CoopCall has `aggregate`.
  Coop, CoopAggregate,
  // phi(v0, .., vn) with one incoming block per operand.
  Phi,
  // Terminators. Ret returns its operand, if any; a Ret with intImm 1
  // stops the thread (a raise), and a caller of its function stops too.
  Br, CondBr, Ret,
};

enum class CmpPredicate { Eq, Ne, Lt, Le, Gt, Ge };

/// PTX special registers readable through Opcode::SReg.
enum class SpecialReg {
  TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ,
  NctaidX, NctaidY, NctaidZ, LaneId, WarpSize, LanemaskLt,
};

const char *opcodeName(Opcode op);
const char *cmpPredicateName(CmpPredicate p);
const char *specialRegName(SpecialReg r); // "tid.x", ...

class Instruction : public Value {
public:
  Instruction(Opcode op, Type *type, std::vector<Value *> operands, SourceLoc loc)
      : Value(ValueKind::Instruction, type), op(op), ops(std::move(operands)), location(loc) {}

  Opcode opcode() const { return op; }
  const std::vector<Value *> &operands() const { return ops; }
  Value *operand(unsigned i) const { return ops[i]; }
  unsigned numOperands() const { return static_cast<unsigned>(ops.size()); }
  void setOperand(unsigned i, Value *v) { ops[i] = v; }
  void addOperand(Value *v) { ops.push_back(v); }
  void removeOperand(unsigned i) { ops.erase(ops.begin() + i); }

  /// Branch targets (Br, CondBr) or incoming blocks (Phi, parallel to operands).
  std::vector<BasicBlock *> &blocks() { return blockRefs; }
  const std::vector<BasicBlock *> &blocks() const { return blockRefs; }

  int64_t intImm = 0;
  double floatImm = 0.0;
  /// A Cmp that tests an array or tuple index for Python's negative-index
  /// wrap or a debug bounds check: foldIndexChecks may decide it from the
  /// index's sign, assuming index arithmetic does not overflow int64.
  bool indexCheck = false;
  std::string text; // Print's format; DebugValue's variable name
  /// AllocArray: the alignment of the array's address asked for, in bytes
  /// (cuda.shared/local.array's alignment=); 0 for the default.
  uint32_t alignment = 0;
  /// AllocArray of shared memory: its declaration (one cuda.shared.array
  /// call in one typed instance of a function). Instructions of one nonzero
  /// site are one allocation, as numba-cuda allocates per compiled function:
  /// the calls of a device function inlined at several places, or a
  /// declaration in a loop over a tuple unrolled, share it. 0: its own.
  uint32_t allocSite = 0;
  /// The inlined device function this instruction belongs to
  /// (Function::inlineSites; 0: the function's own code). Full debug
  /// information only.
  uint32_t inlineSite = 0;
  /// Cuda activemask: its place in the function's program order (1, 2, ...
  /// as IRGen emits them, device functions inlined where called). The CPU
  /// backend's runner lets lanes waiting at an earlier one go first, as a
  /// warp runs diverged lanes until they reconverge.
  uint32_t siteOrder = 0;

  SourceLoc loc() const { return location; }
  /// The file loc() is in (the kernel's, or an inlined device function's).
  const SourceFile *file() const { return sourceFile; }
  void setFile(const SourceFile *f) { sourceFile = f; }
  BasicBlock *parent() const { return parentBlock; }
  void setParent(BasicBlock *bb) { parentBlock = bb; }

  bool isTerminator() const {
    return op == Opcode::Br || op == Opcode::CondBr || op == Opcode::Ret;
  }
  CmpPredicate predicate() const { return static_cast<CmpPredicate>(intImm); }
  SpecialReg specialReg() const { return static_cast<SpecialReg>(intImm); }

  static bool classof(const Value *v) { return v->valueKind() == ValueKind::Instruction; }

private:
  Opcode op;
  std::vector<Value *> ops;
  std::vector<BasicBlock *> blockRefs;
  SourceLoc location;
  const SourceFile *sourceFile = nullptr;
  BasicBlock *parentBlock = nullptr;
};

} // namespace pyjit::ir

#endif
