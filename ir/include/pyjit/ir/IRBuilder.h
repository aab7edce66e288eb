//===- IRBuilder.h - Creates instructions at the end of a block ----------===//
#ifndef PYJIT_IR_IRBUILDER_H
#define PYJIT_IR_IRBUILDER_H

#include "pyjit/ir/Function.h"
#include "pyjit/ir/TypeContext.h"

namespace pyjit::ir {

/// Appends typed instructions to the current block; branches also record the
/// predecessor edge. Every instruction gets the builder's current location.
class IRBuilder {
public:
  explicit IRBuilder(TypeContext &ctx) : ctx(ctx) {}

  void setInsertBlock(BasicBlock *bb) { block = bb; }
  BasicBlock *insertBlock() const { return block; }
  void setLoc(SourceLoc l) { loc = l; }
  /// The file that locations refer to (a device function's file while it is
  /// inlined); null when unknown.
  void setFile(const SourceFile *f) { file = f; }
  const SourceFile *currentFile() const { return file; }
  /// The inline site new instructions belong to (Instruction::inlineSite).
  void setInlineSite(uint32_t site) { inlineSite = site; }
  uint32_t currentInlineSite() const { return inlineSite; }
  SourceLoc currentLoc() const { return loc; }
  TypeContext &types() { return ctx; }

  /// A constant of \p type holding \p v as that type holds it: an integer
  /// wrapped to the type's width (two's complement; np.int8(300) is 44, as
  /// numba.cuda computes it), a float rounded to the type's precision
  /// (np.float32(0.1) is 0.100000001490116...).
  Value *constInt(Type *type, int64_t v);
  Value *constFloat(Type *type, double v);
  Value *constBool(bool v);
  Value *binary(Opcode op, Value *lhs, Value *rhs);   // result: lhs's type
  Value *unary(Opcode op, Value *operand);           // result: operand's type
  Value *cmp(CmpPredicate pred, Value *lhs, Value *rhs);
  Value *cast(Value *v, Type *to);                   // no-op if same type
  /// float64 of 64-bit integer \p v, moved one float64 step back toward v
  /// where rounding moved it: strictly on v's side of every number with 45
  /// trailing zero bits in float64 (bfloat16's values and the ties between
  /// them), so that one more rounding to bfloat16 rounds as v would.
  Value *float64OnSideOf(Value *v);
  /// Non-zero float64 \p x moved one step (one unit of its bits) up where
  /// \p up holds, down where \p down holds, else \p x.
  Value *float64Step(Value *x, Value *up, Value *down);
  Value *select(Value *cond, Value *a, Value *b);
  Value *sreg(SpecialReg r);
  Value *arrayShape(Value *array, unsigned dim);
  Value *arrayLoad(Value *array, llvm::ArrayRef<Value *> indices);
  void arrayStore(Value *array, llvm::ArrayRef<Value *> indices, Value *value);
  Instruction *phi(Type *type, BasicBlock *bb); // empty phi at the top of bb
  void br(BasicBlock *dest);
  void condBr(Value *cond, BasicBlock *ifTrue, BasicBlock *ifFalse);
  void ret();
  /// Stops the thread (a raise): a Ret with intImm 1.
  void stop();

  Instruction *create(Opcode op, Type *type, std::vector<Value *> operands);
  /// The number of instructions created so far.
  size_t created() const { return createdCount; }

private:
  size_t createdCount = 0;
  TypeContext &ctx;
  BasicBlock *block = nullptr;
  SourceLoc loc;
  const SourceFile *file = nullptr;
  uint32_t inlineSite = 0;
};

} // namespace pyjit::ir

#endif
