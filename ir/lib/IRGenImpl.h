//===- IRGenImpl.h - AST -> SSA IR lowering internals (private to ir/lib) ===//
#ifndef PYJIT_IR_LIB_IRGENIMPL_H
#define PYJIT_IR_LIB_IRGENIMPL_H

#include "NumpyUfuncs.h"
#include <functional>
#include <map>
#include <tuple>
#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/IRGen.h"
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/SSABuilder.h"

namespace pyjit::ir::detail {

/// Iterations of a for loop between two reads of the CPU backend's Ctrl-C
/// flag (IRGen::forStmt): ~65 us or more apart, and rare enough that the
/// chunk loop costs nothing measurable.
inline constexpr uint64_t kInterruptChunk = uint64_t(1) << 16;

using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;


/// A lowered expression: one SSA value, or the elements of a tuple.
struct RValue {
  Type *type = nullptr;
  Value *value = nullptr;
  std::vector<RValue> elems;
  /// A string constant's text (UTF-8): nothing at run time, until it is
  /// made a bytes or str item (IRGen::castTo).
  const std::string *text = nullptr;

  static RValue of(Value *v) { return RValue{v->type(), v, {}}; }
  bool isTuple() const { return type && isa<TupleType>(type); }
};

/// The IR predicate of a comparison operator (not In/Is).
inline CmpPredicate predicateOf(CompareOp op) {
  switch (op) {
  case CompareOp::Eq: return CmpPredicate::Eq;
  case CompareOp::NotEq: return CmpPredicate::Ne;
  case CompareOp::Lt: return CmpPredicate::Lt;
  case CompareOp::LtE: return CmpPredicate::Le;
  case CompareOp::Gt: return CmpPredicate::Gt;
  default: return CmpPredicate::Ge;
  }
}

/// A call of math function `f` on operands already of its operand type: the
/// result is bool for isnan/isinf/isfinite, else the first operand's type.
/// Whether an index of type \p t is never negative (an unsigned integer or
/// a bool): no count from the end, and its int64 bits compare unsigned
/// (uint64 2**64-1 is out of range, not -1).
inline bool isUnsignedIndex(const Type *t) {
  auto *it = llvm::dyn_cast_or_null<IntType>(t);
  return (it && !it->isSigned()) || llvm::isa_and_nonnull<BoolType>(t);
}

inline Value *mathOp(IRBuilder &b, TypeContext &ctx, MathFn f, std::vector<Value *> ops) {
  Type *result = mathFnInfo(f).result == MathFnInfo::Result::Bool
                     ? static_cast<Type *>(ctx.boolean())
                     : ops[0]->type();
  Instruction *i = b.create(Opcode::Math, result, std::move(ops));
  i->intImm = static_cast<int64_t>(f);
  return i;
}

struct LoopTargets {
  BasicBlock *continueTo;
  BasicBlock *breakTo;
};

/// A function being lowered: the kernel, or an inlined device function.
struct Frame {
  const TypedFunction *typed;
  std::string prefix;         // makes its variable names unique
  BasicBlock *returnTo;       // null for the kernel: `return` is `ret`
  std::string resultVar;      // holds the return value of a device function
  const SourceFile *callFile = nullptr; // a device function's call: its caller's file
  SourceLoc callLoc{};                  // and place there
};

/// The device functions called recursively (CallBinding::recursive) that a
/// module's functions call: each lowered once, as a function of the module
/// named here, in the order first called.
struct RecursiveCallees {
  std::map<const TypedFunction *, std::string> names;
  std::vector<const TypedFunction *> order;
  /// The module's strings held at run time (isRuntimeStr): each string's
  /// int32 index, "" at 0 (so a string's truth is index != 0); one table
  /// for the kernel and the functions it calls, so indices agree.
  std::map<std::string, int64_t> runtimeStrings{{"", 0}};
  /// The name of `callee`'s function, added on its first call.
  const std::string &nameOf(const TypedFunction &callee);

  /// Outlining (IRGen::outlines): each device-function instance inlined in
  /// the module so far, with the IR instructions its first inlining created
  /// and whether it could be called as a function of its own. generateIR
  /// (one function, no callees) turns outlining off.
  struct Inlined {
    size_t instructions = 0;
    bool callable = false;
  };
  std::map<const TypedFunction *, Inlined> inlined;
  bool outline = true;
};

/// An instance whose first inlining created at least this many IR
/// instructions is called, at every later call site, as a function of its
/// own (where it can be: IRGen::outlines). A call tree in which each
/// function calls the next twice then grows with its depth, not as
/// 2^depth; LLVM's inliner still inlines the function where its cost model
/// finds that worth it. Every kernel of the tests, examples and benchmarks
/// stays below it (the largest device function of bench/compile_scaling.py
/// creates about 830).
inline constexpr size_t kOutlineInstructions = 2000;

/// Lowers one kernel (IRGen.cpp: statements and expressions; IRGenCalls.cpp:
/// builtin, math and cuda calls and device-function inlining).
class IRGen {
public:
  IRGen(const TypedFunction &kernel, TypeContext &ctx, DiagnosticEngine &diags,
        bool returnsValue = false, std::string name = "")
      : returnsValue(returnsValue), kernel(kernel), typed(&kernel), ctx(ctx), diags(diags),
        fn(std::make_unique<Function>(
            name.empty() ? kernel.def->name : name,
            returnsValue && !returnsThroughSlots(kernel.returnType) ? kernel.returnType
                                                                   : ctx.none())),
        b(ctx), ssa(*fn, b) {
    frames.push_back({&kernel, "", nullptr, ""});
  }

  std::unique_ptr<Function> run();
  bool debug = false; // check assert statements and array bounds
  /// A device function compiled on its own: returns go to one exit block,
  /// which returns the value (generateIR's returnsValue).
  const bool returnsValue;
  bool boundsCheck = false; // check array and tuple indices (debug, or the CPU backend)
  bool interruptible = false; // while loops check for Ctrl-C (IRGenOptions::interruptible)
  unsigned maxThreadsPerBlock = 1024; // launch bounds: sizes coop tile storage
  /// Where recursive calls find their callees' names (null: none are made).
  RecursiveCallees *callees = nullptr;
  /// Fast math that assumes no infinities or NaNs (or division by zero):
  /// debug mode does not check float division and powers by zero (numba:
  /// fastmath suppresses ZeroDivisionError).
  bool fastFloats = false;
  /// Debug mode without ZeroDivisionError (IRGenOptions::numpyErrors).
  bool numpyErrors = false;
  /// A function called recursively, checked: its entry checks the stack
  /// (Opcode::CheckStack).
  bool checksStack = false;
  /// Follow each assignment to a variable of the function itself with an
  /// Opcode::DebugValue (IRGenOptions::debugInfo).
  bool debugInfo = false;

private:
  // Control flow helpers.
  BasicBlock *cur() const { return b.insertBlock(); }
  bool reachable() const { return !cur()->terminator(); }
  void enter(BasicBlock *bb) { b.setInsertBlock(bb); }
  void jumpTo(BasicBlock *bb) {
    if (reachable())
      b.br(bb);
  }

  // Variables (tuples as one SSA variable per element).
  /// `argNo`: the variable is the function's parameter of that number
  /// (1-based; debug info names it so).
  void writeVar(const std::string &name, Type *type, const RValue &v, unsigned argNo = 0);
  /// Follows each block's phis with a DebugValue for each variable they
  /// merge (debugInfo).
  void describeMergedVariables();
  RValue readVar(const std::string &name, Type *type) {
    return readVarAt(frames.back().prefix, ssaName(name), type);
  }
  /// The SSA variable of the current frame's variable `name`: phi variables
  /// (VariableWebs.h) of one source name and one type share one, the first
  /// by name; any other name is its own. Where a phi variable is read, the
  /// definition that ran last is one of those that write it, so every phi
  /// variable of the name read there would hold that definition's value.
  /// Sharing keeps a name assigned in N loops in a row from giving the first
  /// loop's head N phis, the next N-1, ... (N(N+1)/2 phis that LLVM cannot
  /// always merge: compile time grew as N^3 and faster).
  const std::string &ssaName(const std::string &name);
  std::map<const TypedFunction *, std::map<std::string, std::string>> sharedPhis;
  /// A variable of the frame whose names start with `prefix` (a nested
  /// def's enclosing function, for its free variables).
  RValue readVarAt(const std::string &prefix, const std::string &name, Type *type);
  /// Records, for each nested def in `body`, the current frame's prefix.
  void recordNestedDefs(const Block &body);
  /// At an inlined call's entry: the callee's own number variables (those
  /// it assigns, and its phis) zero, as a kernel's start (a read on a path
  /// no assignment reaches reads 0, not what the call before left).
  void zeroOwnVariables(const TypedFunction &callee);

  // Statements.
  void block(const Block &stmts, bool isBody = false);
  void stmt(const Stmt &s);
  void assign(const Expr &target, const RValue &v);
  /// t + u (concatenation) and t * n, n * t (repetition) of tuples, of
  /// \p resultType (the type inference's).
  RValue tupleOperator(ast::BinaryOp op, const RValue &l, const RValue &r, Type *resultType);
  void ifStmt(const IfStmt &s);
  /// After a loop: its `else:` block at `done` (the end without break),
  /// then `exit` (where a break goes). `done` is `exit` without an else.
  void loopElse(const Block &orelse, BasicBlock *done, BasicBlock *exit);
  /// A field of a record array's element (a[i].x, a[i]['x'], a[i].inner.x):
  /// the array, the element's (checked) indices, the field and its byte
  /// offset in the element (through nested records).
  struct FieldRef {
    Value *array = nullptr;
    std::vector<Value *> indices;
    const RecordType::Field *field = nullptr;
    uint64_t offset = 0;
  };
  /// The value of field access \p e: a scalar loaded, or a view of an array
  /// field or (as a record reference) of a nested record.
  RValue fieldValue(const Expr &e);
  bool isFieldAccess(const Expr &e);
  /// A record value (r = a[i]): its 1-element view of the array, whose
  /// element 0 is the record; recordViewType is the view's type.
  RValue recordRef(const SubscriptExpr &e);
  /// The reference to element \p idx (wrapped) of record array \p array.
  RValue recordRefAt(Value *array, const std::vector<Value *> &idx, RecordType *rt);
  /// a[k] of an array with one in-range index (loops, unpacking): its
  /// element, a record reference, or a row view (firstAxisElement's type).
  RValue firstAxisValue(Value *array, Value *k);
  Type *recordViewType(RecordType *rt);
  /// Lowers the calls inside \p e for their effects only (e's value is a
  /// constant decided when compiling).
  void effectsOf(const Expr &e);
  /// math.modf, math.frexp, round(x, ndigits).
  RValue floatParts(const CallExpr &e, llvm::StringRef path);
  FieldRef recordField(const Expr &access);
  /// Copies record type \p rt's bytes at \p base in the element of
  /// 1-element view \p src into \p dst's (a[i] = r).
  void copyRecord(Value *dst, Value *src, RecordType *rt, uint64_t base);
  /// One link `l op r` of a comparison chain (Inferer::compareLink checked
  /// it): numbers, tuples in lexicographic order or element by element.
  /// \p le, \p re: where each operand is written (a literal there is weak),
  /// or null (an element of a tuple value).
  Value *compareLink(CompareOp op, const Expr *le, const RValue &l, const Expr *re,
                     const RValue &r);
  Value *loadField(const FieldRef &ref);
  void storeField(const FieldRef &ref, Value *value);
  /// The truth of a condition known when compiling (a constant), else none.
  std::optional<bool> constantCondition(const Expr &cond);
  /// constantCondition, or an `and`/`or` whose truth typing decided
  /// (TypedFunction::decidedTruths).
  std::optional<bool> decidedCondition(const Expr &cond);
  /// The run-time effects of a decided condition: its calls, and for an
  /// `and`/`or` decided by a later operand, the operands before it.
  void decidedEffects(const Expr &cond);
  void whileStmt(const WhileStmt &s);
  /// On the CPU backend (interruptible), a loop iteration's check for
  /// Ctrl-C (CudaFn::Interrupted, every 1024th time): KeyboardInterrupt
  /// with \p message at \p at. Nothing elsewhere.
  void interruptCheck(const char *message, SourceLoc at);
  /// A loop's body, continuing at \p header (a `continue` too), then its
  /// `else:` (loopElse): `break` leaves for \p exit.
  void loopTail(const Block &body, const Block &orelse, BasicBlock *header, BasicBlock *done,
                BasicBlock *exit);
  void forStmt(const ForStmt &s);
  struct LoopStream;
  struct LoopValue;
  LoopValue loopStreams(const Expr &iter, std::vector<LoopStream> &streams);
  LoopStream unravelStream(const Expr &iter, llvm::StringRef callee);
  LoopStream rangeStream(const CallExpr &call);
  Value *rangeContains(const CompareExpr &e);
  Value *rangeLength(const Expr &range);
  /// The type of each of the three integers a range or slice object is at
  /// run time (start, stop, step); null for other types.
  Type *threeIntegers(Type *t) {
    if (auto *rt = llvm::dyn_cast<RangeType>(t))
      return rt->element();
    return llvm::isa<SliceType>(t) ? ctx.int64() : nullptr;
  }
  /// The array of \p flat, an expression of FlatIterType (a.flat).
  Value *flatArray(const Expr &flat) { return gen(flat).elems.at(0).value; }
  /// A slice object's start, stop and step appended to an ArrayView's
  /// operands \p ops; a zero step raises ValueError at \p at where bounds
  /// are checked.
  void appendSliceParts(std::vector<Value *> &ops, const RValue &slice, SourceLoc at);
  /// slice(..): numba's slice3, None parts replaced by its defaults.
  RValue sliceObject(const CallExpr &call);
  /// s.indices(n), Python's.
  RValue sliceIndices(const CallExpr &call);
  /// The stream of a range(..) call (rangeStream) or of a range object.
  LoopStream rangeStreamOf(const Expr &e);
  /// A range(..) call typed as a range object: its start, stop and step.
  RValue rangeObject(const CallExpr &call);
  RValue loopValue(const LoopValue &v, const std::vector<LoopStream> &streams,
                   const std::vector<Value *> &ivs);
  void unrolledFor(const ForStmt &s, const Expr &iter);
  /// iter(x): an IteratorType's RValue, its position's 1-element local
  /// array (0) and x; iter(it) is it.
  RValue iteratorObject(const CallExpr &call);
  /// The position array of an iterator (IteratorType).
  /// \p v (None, a number or array, or an Optional of another number) as
  /// numba's Optional \p ot: (not None, the value converted).
  RValue asOptional(const RValue &v, OptionalType *ot);
  Type *iteratorState() { return ctx.array(ctx.int64(), 1, Layout::C); }
  /// A value a function of its own returns through arrays the caller passes
  /// (returnableFromCall): a tuple, a range or slice object.
  static bool returnsThroughSlots(Type *t) { return isa<TupleType, RangeType, SliceType>(t); }
  /// Such a value's numbers and bools in order (nested tuples flattened, a
  /// range or slice object's start, stop and step, None left out); each is
  /// returned through a 1-element local array of its type.
  void returnedLeaves(Type *t, std::vector<Type *> &leaves);
  /// The arrays a function of its own returns such a value through (its
  /// last arguments, one per returnedLeaves).
  std::vector<Value *> resultSlots;
  /// Element \p idx (int64, 0 <= idx < size) of uniform tuple \p tuple: a
  /// chain of selects, leaf by leaf; \p text: its elements are strings
  /// (their indices, isRuntimeStr).
  RValue tupleElementAt(const RValue &tuple, Value *idx, bool text);
  /// An iterator's source as a stream counting from its first item.
  LoopStream iteratorStream(const RValue &it);
  /// The item at position \p k (int64) of \p st, an iteratorStream.
  RValue iteratorItem(const LoopStream &st, Value *k);
  /// The position array of iterator \p it; UnboundLocalError (at \p loc)
  /// where no iter() made it.
  Value *iteratorPosition(const RValue &it, SourceLoc loc);
  /// next(it): the item at its position, which moves on; StopIteration past
  /// the last.
  RValue iteratorNext(const CallExpr &call);
  void iteratorFor(const ForStmt &s, const Expr &iter);
  RValue tupleZip(const CallExpr &call, bool enumerate);
  Value *tripCount(const LoopStream &st);

  // Expressions.
  const ExprInfo &info(const Expr &e) const { return typed->info(&e); }
  Type *localType(const std::string &name) const { return typed->locals.at(name); }
  RValue inlineCall(const CallExpr &e, const CallBinding &binding);
  /// a.x, a['x'] of the record array `array`: Opcode::ArrayFieldView.
  RValue fieldArray(Value *array, const std::string &name);
  /// The argument values of `call` of a device function, per parameter
  /// (defaults, None, `*tuple` elements), its argument expressions evaluated
  /// once each in Python's order (positional and `*` arguments, then
  /// keywords, as written), whatever parameters they bind.
  std::vector<RValue> callArguments(const CallBinding &binding, const CallExpr &call);
  /// A call of a device function called recursively: an Opcode::Call.
  RValue recursiveCall(const CallExpr &e, const CallBinding &binding);
  /// A call of a device function that outlines() (an Opcode::Call), or,
  /// where an argument holds shared memory, inlined.
  RValue outlinedCall(const CallExpr &e, const CallBinding &binding);
  /// An Opcode::Call of `callee`'s function in the module, on `args`.
  RValue callFunction(const TypedFunction &callee, std::vector<RValue> args);
  /// Whether a call of `callee` is lowered as a call of a function of its
  /// own rather than inlined: it was inlined before in this module, that
  /// created kOutlineInstructions or more, and it can be called (a global
  /// device function, parameters that passableToCall, a number, bool or
  /// None returned, no shared memory and no pyjit.coop block primitives).
  bool outlines(const TypedFunction &callee) const;
  /// After the first inlining of `callee` (inlineFunction): records its size
  /// and whether it can be called, from the instructions it created.
  void recordInlined(const TypedFunction &callee, size_t firstInstruction, size_t firstBlock,
                     BasicBlock *entry, size_t entryBegin, size_t sharedBefore,
                     size_t placedBefore);
  /// Inlines `callee` on argument values (a call without an AST: pyjit.coop's
  /// user-defined operators). `range` is where errors point.
  RValue inlineFunction(const TypedFunction &callee, std::vector<RValue> args,
                        SourceRange range);
  RValue coopGeneric(const CallExpr &e, llvm::StringRef name, bool block);
  RValue coopTile(const CallExpr &e, llvm::StringRef name);
  RValue coopWarpSort(const CallExpr &e);
  RValue coopWarpSortTile(const CallExpr &e, Value *items);
  /// merge_sort_keys' order without `less`: x < y, with every NaN after
  /// every number (NumPy's np.sort), so the network's comparisons are a
  /// total preorder: with `<` alone a NaN is unordered and the other
  /// values came out unsorted.
  Value *coopSortsBefore(Value *x, Value *y);
  /// A warp shuffle (CudaFn \p fn: ShflSync, ShflXorSync, ...) of \p v: a
  /// bool or an integer narrower than 32 bits goes through int32 and back
  /// (shfl.sync moves 32-bit registers; the code generator splits 64-bit).
  Value *warpShuffle(CudaFn fn, Value *mask, Value *v, Value *arg);
  /// Shared storage for launch_bounds (else 1024) threads times the items'
  /// constant extent (plus one element per 32 when `padded`); `callerMayGive`:
  /// the error may suggest passing it.
  int64_t constantExtent(Value *array, const CallExpr &e);
  void checkTileAssumptions();
  Value *coopTileStorage(Value *items, const CallExpr &e, bool callerMayGive,
                         bool padded = false);
  RValue coopWarpTransposed(const CallExpr &e, Value *array, Value *items, Value *start,
                            Value *fallback, bool isLoad);
  // Control flow for generated code (IRGenCoop.cpp): `if cond: body()` and
  // `for k in range(count): body(k)` with an int64 k.
  void ifThen(Value *cond, const std::function<void()> &body);
  void forRange(Value *count, const std::function<void(Value *)> &body);
  /// A loop that runs \p body while \p cond (evaluated in the loop's header,
  /// where variables read their phis) gives true.
  void whileLoop(const std::function<Value *()> &cond, const std::function<void()> &body);
  /// The number of elements of \p array: the product of its extents (an
  /// int64; 1 for a 0-d array).
  Value *elementCount(Value *array);
  /// x.real or x.imag of a number \p x of type \p from, as \p result: a
  /// complex number's part; a real number itself, or 0.
  Value *numberPart(Value *x, Type *from, bool imag, Type *result);
  /// body(indices) for each element of \p array in C order (nested forRange);
  /// with \p nditerOrder, an F-layout array's in memory order (the first
  /// index varying fastest), as numba's np.nditer walks it.
  void forEachIndex(Value *array, const std::function<void(const std::vector<Value *> &)> &body,
                    bool nditerOrder = false);
  /// forEachIndex, in reverse C order where \p backward (a bool; null: never).
  void forEachIndexIn(Value *array, Value *backward,
                      const std::function<void(const std::vector<Value *> &)> &body);
  Value *copiesBackward(Value *dst, Value *src);
  /// The bytes an array's elements span: [first, end) as int64 addresses,
  /// and `empty` (a bool) where it has no element.
  struct ByteSpan {
    Value *first, *end, *empty;
  };
  ByteSpan byteSpan(Value *array);
  /// dst[idx] = value(idx) for every index of \p dst, as NumPy assigns: the
  /// arrays among \p sources (read by `value`; null or non-arrays skipped)
  /// are read as they were before dst is written. Where one shares memory
  /// with dst as a shift (one item size, the same strides) the loop runs in
  /// the order that reads each element first (copiesBackward); where one
  /// overlaps it otherwise (a[:] = a[::-1], a[:] = a.T), the values go to a
  /// buffer on the heap (CudaFn::Malloc; MemoryError at \p loc when none is
  /// left), then into dst.
  void storeElements(Value *dst, llvm::ArrayRef<Value *> sources, SourceLoc loc,
                     const std::function<Value *(const std::vector<Value *> &)> &value);
  /// Whether \p found(k) (a bool) holds for some k = 0, 1, .. below \p count
  /// (int64), tried in order until one does.
  Value *anyIndex(Value *count, const std::function<Value *(Value *)> &found);
  /// body(element) for each element of \p array in C order, or in
  /// np.nditer's order with \p nditerOrder (forEachIndex).
  void forEachElement(Value *array, const std::function<void(Value *)> &body,
                      bool nditerOrder = false);
  /// NumPy broadcasting of \p src to \p dst's shape (dimensions aligned
  /// from the right): per dimension of \p src, whether its extent is 1 (then
  /// it repeats). With bounds checks, other extents must equal dst's
  /// (ValueError at \p loc).
  std::vector<Value *> broadcastTo(Value *src, Value *dst, SourceLoc loc);
  /// src's element at dst index \p idx, for broadcastTo's \p repeat.
  Value *broadcastLoad(Value *src, const std::vector<Value *> &repeat,
                       const std::vector<Value *> &idx);
  /// a[lo:hi] = v: a number filling the view, an array broadcast into it, or
  /// a tuple of numbers into a 1-d view (of the tuple's length).
  void storeIntoView(Value *view, const RValue &v, SourceLoc loc);
  /// Math function \p f of \p args converted to \p operand (ldexp's
  /// exponent to int32), of type \p result.
  RValue mathValues(MathFn f, const std::vector<RValue> &args, Type *operand, Type *result);
  /// a.sum(), np.argmax(a), ...: reduction \p name of the whole array, of
  /// type \p result (arrayReductionType), in IRGenCalls.cpp.
  RValue arrayReduction(llvm::StringRef name, Value *array, Type *result, SourceRange range,
                        Value *offset = nullptr); // offset: np.trace's diagonal (int64)
  /// np.sin(x, out), np.add(x, y, out=out): the ufunc element by element
  /// into `out` (each element of type \p elementType, cast to out's dtype).
  RValue arrayUfunc(const CallExpr &e, llvm::StringRef path, Type *elementType);
  /// A NumPy operator ufunc of values (numpyOperatorCall's core).
  RValue numpyOperatorValues(const NumpyOperatorUfunc &u, const std::vector<RValue> &v,
                             const std::vector<TypedOperand> &ops, Type *result);
  Value *blockRank();       // the thread's linear rank in its block (int64)
  Value *blockThreads();    // threads in the block (int64)
  RValue cudaCall(const CallExpr &e, CudaFn fn);
  RValue cmathCall(const CallExpr &e, CMathFn fn); // IRGenCMath.cpp
  /// cmath's function of one complex value to a complex value (exp, log,
  /// log10, sqrt, the trigonometric and hyperbolic ones and their inverses).
  Value *complexFunction(CMathFn fn, Value *z);
  /// The real and imaginary parts of complex value \p z.
  std::pair<Value *, Value *> complexParts(Value *z);
  /// NumPy's order of complex numbers (lexicographic) for Lt, Le, Gt, Ge.
  Value *complexOrder(CmpPredicate pred, Value *x, Value *y);
  /// np.isclose(x, y, rtol, atol, equal_nan) of complex numbers (\p bound:
  /// the arguments of those parameters, null where not given).
  RValue isCloseComplex(const std::vector<const Expr *> &bound, ComplexType *t);
  RValue numpyScalarHelper(const CallExpr &e, llvm::StringRef name);
  RValue numpyCall(const CallExpr &e, llvm::StringRef name); // abs, numpy.minimum, ...
  /// abs or numpy.<name> (minimum, sign, logaddexp, ...) of values \p in whose
  /// operand types are \p ops, giving \p t (what inference gave the call).
  RValue numpyValues(llvm::StringRef name, const std::vector<RValue> &in,
                     const std::vector<TypedOperand> &ops, Type *t);
  /// cuda.fp16.hadd, ...: in float16, or in \p half when given (bfloat16:
  /// the functions cuda.bf16 shares with cuda.fp16).
  RValue fp16Call(const CallExpr &e, llvm::StringRef name, Type *half = nullptr);
  /// cuda.bf16.hadd_sat, ... in \p half (bfloat16), and cuda.fp16's
  /// cuda_fp16.h names (__hadd_sat, __float2half_rz) in float16.
  RValue bf16Call(const CallExpr &e, llvm::StringRef name, Type *half);
  RValue libdeviceCall(const CallExpr &e, llvm::StringRef name); // cuda.libdevice.sinf, ...
  RValue externCall(const CallExpr &e, const GlobalValue &g);    // cuda.declare_device
  RValue numpyOperatorCall(const CallExpr &e, const NumpyOperatorUfunc &u); // np.add, ...
  RValue coopBlockCall(const CallExpr &e, llvm::StringRef name);
  RValue coopWarpCall(const CallExpr &e, llvm::StringRef name);
  RValue arrayAlloc(const CallExpr &e, bool shared);
  RValue gen(const Expr &e);
  RValue genImpl(const Expr &e);
  Value *scalar(const Expr &e, Type *to) {
    const ExprInfo &ei = info(e);
    if (ei.constant && to->isScalar())
      return constant(*ei.constant, to); // a literal takes the needed type exactly
    return castTo(gen(e), to);
  }
  Value *castTo(const RValue &v, Type *to);
  // datetime64/timedelta64 (IRGenDatetime.cpp): int64 arithmetic with NaT
  // kept, units scaled to the finer one (DatetimeRules.h).
  Value *datetimeRescale(Value *v, DatetimeType *to);
  RValue datetimeBinary(BinaryOp op, const RValue &l, const RValue &r, Type *result);
  Value *datetimeCompare(CompareOp op, const RValue &l, const RValue &r);
  Value *timedeltaNegate(Value *v);
  /// The number of Optional \p v (its flag checked: None stops the thread,
  /// or raises TypeError in debug mode, at \p loc).
  RValue optionalValue(const RValue &v, SourceLoc loc);
  /// The truth of a number, bool or bytes or str item (not empty).
  Value *truthy(const RValue &v);
  Value *constant(const GlobalValue &c, Type *type);
  RValue constantValue(const GlobalValue &c, Type *type); // numbers and tuples
  RValue attribute(const AttributeExpr &e);
  RValue subscript(const SubscriptExpr &e);
  RValue arrayView(Value *array, const SubscriptExpr &e);
  RValue call(const CallExpr &e);
  RValue binary(BinaryOp op, const RValue &l, TypedOperand lt, const RValue &r, TypedOperand rt,
                Type *resultType);
  /// binary() with NumPy's error model, also under debug=True: division and
  /// powers by zero give inf, NaN or 0 (numba's ufunc loops and np.mean
  /// never raise ZeroDivisionError; only Python's operators do).
  RValue numpyBinary(BinaryOp op, const RValue &l, TypedOperand lt, const RValue &r,
                     TypedOperand rt, Type *resultType);
  RValue compare(const CompareExpr &e);
  /// `a < b < c`, each link in turn while the earlier ones hold.
  RValue comparisonChain(const CompareExpr &e);
  RValue shortCircuit(const BoolOpExpr &e);
  RValue ifExp(const IfExpExpr &e);
  std::vector<Value *> flatIndices(Value *array, const Expr &index);
  std::vector<Value *> unravel(Value *k, const std::vector<Value *> &dims);
  std::vector<Value *> arrayIndices(Value *array, const Expr &index);
  /// \p idx (int64) as an index into dimension \p dim: checked when bounds
  /// checks are on, a negative one counted from the end. \p indexType is
  /// the index's own type (an unsigned one is never negative: uint64
  /// 2**64-1 is out of bounds, not -1); null for \p src's.
  /// bool: whether a pointer's `address` (uint64) can be memory's (at
  /// least 0x10000; below it is the null pointer's page, where nothing is
  /// mapped: runtime/HostAddress.h refuses such addresses at a CPU-backend
  /// launch).
  Value *addressMapped(Value *address);
  Value *wrapIndex(Value *array, unsigned dim, Value *idx, const Expr &src,
                   Type *indexType = nullptr);
  // Debug mode: a failed check records an ErrorSite and returns from the
  // kernel (Raise + Ret); code continues in a fresh block.
  void checkIndex(Value *array, unsigned dim, Value *idx, const Expr &src,
                  bool isUnsigned = false);
  // `message` is a str.format template: {0}, {1} are the operands.
  /// Raises \p exception (as raise()) on the path where \p ok is false;
  /// code after it continues where it is true.
  void raiseUnless(Value *ok, const std::string &exception, const std::string &message,
                   std::vector<Value *> operands, SourceLoc loc);
  /// `args`: the exception's further arguments (ErrorSite::args).
  void raise(const std::string &exception, const std::string &message,
             std::vector<Value *> operands, SourceLoc loc, std::vector<std::string> args = {});
  std::string temp(const char *what) { return std::string("$") + what + std::to_string(tempId++); }

  const TypedFunction &kernel;
  const TypedFunction *typed; // the function of the innermost frame
  std::vector<Frame> frames;
  /// The cuda.activemask() calls emitted so far (Instruction::siteOrder).
  uint32_t activemasks = 0;
  /// The prefix of the frame each nested def was defined in.
  std::map<const FunctionDef *, std::string> definingPrefix;
  TypeContext &ctx;
  DiagnosticEngine &diags;
  std::unique_ptr<Function> fn;
  IRBuilder b;
  SSABuilder ssa;
  std::vector<LoopTargets> loops;
  unsigned tempId = 0;
  /// The int32 index of a string held at run time (RecursiveCallees::
  /// runtimeStrings), added on its first use.
  Value *runtimeString(const std::string &text) {
    std::map<std::string, int64_t> &table = callees ? callees->runtimeStrings : ownStrings;
    auto [it, added] = table.emplace(text, static_cast<int64_t>(table.size()));
    return b.constInt(ctx.int32(), it->second);
  }
  std::map<std::string, int64_t> ownStrings{{"", 0}}; // (without a module's table)
  /// The index of a str value (holdsStr): a constant's, or the run-time one.
  Value *stringIndex(const RValue &v) { return v.text ? runtimeString(*v.text) : v.value; }
  /// pyjit.coop's compiler-placed tile storage, one per (dtype, elements,
  /// padded), at the top of the entry block. Block primitives finish with a
  /// barrier and the warp-transposed ones (padded) with __syncwarp, so calls
  /// of one kind can share it.
  std::map<std::tuple<Type *, int64_t, bool>, Value *> tileStorage;
  /// A loop-header phi taken for the array it had on entry (constantExtent).
  struct TileAssumption {
    const Instruction *phi;
    const Instruction *alloc;
    SourceRange range;
  };
  std::vector<TileAssumption> tileAssumptions;
  /// Static shared memory: the kernel's cuda.shared.array calls and the
  /// storage placed for pyjit.coop tiles, each with the call it came from
  /// (checkStaticSharedMemory).
  std::vector<std::pair<const Instruction *, SourceRange>> sharedArrays, placedStorage;
  void checkStaticSharedMemory();
  /// Each cuda.shared.array declaration's Instruction::allocSite: (the
  /// typed instance generating it, the call, the array's type) -> 1, 2, ...
  std::map<std::tuple<const TypedFunction *, const CallExpr *, Type *>, uint32_t> sharedSites;
  /// The typed instance that declared each site (index allocSite - 1).
  std::vector<const TypedFunction *> sharedSiteOwners;
  /// Whether returned value \p v holds (a view of) a shared array the
  /// function generated now declares; an error at \p where if so.
  bool returnsOwnSharedArray(const RValue &v, SourceRange where);
};

} // namespace pyjit::ir::detail

#endif
