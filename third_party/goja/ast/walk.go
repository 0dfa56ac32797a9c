package ast

// A Visitor's Visit method is invoked for each node encountered by Walk.
// If the result visitor w is not nil, Walk visits each of the children
// of node with the visitor w, followed by a call of w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses an AST in depth-first order: It starts by calling v.Visit(node); node must not
// be nil. If the visitor w returned by v.Visit(node) is not nil, Walk is invoked recursively with
// visitor w for each of the non-nil children of node, in source order, followed by a call of
// w.Visit(nil).
//
// The DeclarationList fields (of Program, FunctionLiteral, ArrowFunctionLiteral and
// ClassStaticBlock) are not walked: they list again, for the compiler, the var declarations
// that are already children of the body.
//
// Every node type walks its own children (the walkChildren method of Node), so a new node type
// cannot be added without saying what they are.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	node.walkChildren(v)
	v.Visit(nil)
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses an AST in depth-first order: It starts by calling f(node); node must not be
// nil. If f returns true, Inspect invokes f recursively for each of the non-nil children of
// node, followed by a call of f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}

func walkExpressions(v Visitor, list []Expression) {
	for _, e := range list {
		if e != nil { // an elision in an array literal or pattern
			Walk(v, e)
		}
	}
}

func walkStatements(v Visitor, list []Statement) {
	for _, s := range list {
		Walk(v, s)
	}
}

func walkBindings(v Visitor, list []*Binding) {
	for _, b := range list {
		Walk(v, b)
	}
}

func walkProperties(v Visitor, list []Property) {
	for _, p := range list {
		Walk(v, p)
	}
}

func walkIdentifier(v Visitor, id *Identifier) {
	if id != nil {
		Walk(v, id)
	}
}

func walkExpression(v Visitor, e Expression) {
	if e != nil {
		Walk(v, e)
	}
}

func walkStatement(v Visitor, s Statement) {
	if s != nil {
		Walk(v, s)
	}
}

func walkBlock(v Visitor, b *BlockStatement) {
	if b != nil {
		Walk(v, b)
	}
}

// ========== //
// Expression //
// ========== //

func (self *YieldExpression) walkChildren(v Visitor) { walkExpression(v, self.Argument) }
func (self *AwaitExpression) walkChildren(v Visitor) { walkExpression(v, self.Argument) }
func (self *ArrayLiteral) walkChildren(v Visitor)    { walkExpressions(v, self.Value) }

func (self *ArrayPattern) walkChildren(v Visitor) {
	walkExpressions(v, self.Elements)
	walkExpression(v, self.Rest)
}

func (self *AssignExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Left)
	walkExpression(v, self.Right)
}

func (self *BadExpression) walkChildren(Visitor) {}

func (self *BinaryExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Left)
	walkExpression(v, self.Right)
}

func (self *BooleanLiteral) walkChildren(Visitor) {}

func (self *BracketExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Left)
	walkExpression(v, self.Member)
}

func (self *CallExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Callee)
	walkExpressions(v, self.ArgumentList)
}

func (self *ConditionalExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Test)
	walkExpression(v, self.Consequent)
	walkExpression(v, self.Alternate)
}

func (self *DotExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Left)
	Walk(v, &self.Identifier)
}

func (self *PrivateDotExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Left)
	Walk(v, &self.Identifier)
}

// OptionalChain, Optional and SpreadElement embed their Expression: their own methods keep the
// embedded node's walkChildren from being promoted (which would skip the node itself).
func (self *OptionalChain) walkChildren(v Visitor) { walkExpression(v, self.Expression) }
func (self *Optional) walkChildren(v Visitor)      { walkExpression(v, self.Expression) }

func (self *FunctionLiteral) walkChildren(v Visitor) {
	walkIdentifier(v, self.Name)
	if self.ParameterList != nil {
		Walk(v, self.ParameterList)
	}
	walkBlock(v, self.Body)
}

func (self *ClassLiteral) walkChildren(v Visitor) {
	walkIdentifier(v, self.Name)
	walkExpression(v, self.SuperClass)
	for _, e := range self.Body {
		Walk(v, e)
	}
}

func (self *ExpressionBody) walkChildren(v Visitor) { walkExpression(v, self.Expression) }

func (self *ArrowFunctionLiteral) walkChildren(v Visitor) {
	if self.ParameterList != nil {
		Walk(v, self.ParameterList)
	}
	if self.Body != nil {
		Walk(v, self.Body)
	}
}

func (self *Identifier) walkChildren(Visitor)        {}
func (self *PrivateIdentifier) walkChildren(Visitor) {}

func (self *NewExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Callee)
	walkExpressions(v, self.ArgumentList)
}

func (self *NullLiteral) walkChildren(Visitor)   {}
func (self *NumberLiteral) walkChildren(Visitor) {}

func (self *ObjectLiteral) walkChildren(v Visitor) { walkProperties(v, self.Value) }

func (self *ObjectPattern) walkChildren(v Visitor) {
	walkProperties(v, self.Properties)
	walkExpression(v, self.Rest)
}

func (self *ParameterList) walkChildren(v Visitor) {
	walkBindings(v, self.List)
	walkExpression(v, self.Rest)
}

func (self *PropertyShort) walkChildren(v Visitor) {
	Walk(v, &self.Name)
	walkExpression(v, self.Initializer)
}

func (self *PropertyKeyed) walkChildren(v Visitor) {
	walkExpression(v, self.Key)
	walkExpression(v, self.Value)
}

func (self *SpreadElement) walkChildren(v Visitor) { walkExpression(v, self.Expression) }

func (self *RegExpLiteral) walkChildren(Visitor) {}

func (self *SequenceExpression) walkChildren(v Visitor) { walkExpressions(v, self.Sequence) }

func (self *StringLiteral) walkChildren(Visitor)   {}
func (self *TemplateElement) walkChildren(Visitor) {}

func (self *TemplateLiteral) walkChildren(v Visitor) {
	walkExpression(v, self.Tag)
	// The elements and the substitutions alternate in the source, starting with an element.
	for i, e := range self.Elements {
		if e != nil {
			Walk(v, e)
		}
		if i < len(self.Expressions) {
			walkExpression(v, self.Expressions[i])
		}
	}
	for i := len(self.Elements); i < len(self.Expressions); i++ {
		walkExpression(v, self.Expressions[i])
	}
}

func (self *ThisExpression) walkChildren(Visitor)  {}
func (self *SuperExpression) walkChildren(Visitor) {}

func (self *UnaryExpression) walkChildren(v Visitor) { walkExpression(v, self.Operand) }

func (self *MetaProperty) walkChildren(v Visitor) {
	walkIdentifier(v, self.Meta)
	walkIdentifier(v, self.Property)
}

func (self *Binding) walkChildren(v Visitor) {
	walkExpression(v, self.Target)
	walkExpression(v, self.Initializer)
}

// ========= //
// Statement //
// ========= //

func (self *BadStatement) walkChildren(Visitor) {}

func (self *BlockStatement) walkChildren(v Visitor) { walkStatements(v, self.List) }

func (self *BranchStatement) walkChildren(v Visitor) { walkIdentifier(v, self.Label) }

func (self *CaseStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Test)
	walkStatements(v, self.Consequent)
}

func (self *CatchStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Parameter)
	walkBlock(v, self.Body)
}

func (self *DebuggerStatement) walkChildren(Visitor) {}

func (self *DoWhileStatement) walkChildren(v Visitor) {
	walkStatement(v, self.Body)
	walkExpression(v, self.Test)
}

func (self *EmptyStatement) walkChildren(Visitor) {}

func (self *ExpressionStatement) walkChildren(v Visitor) { walkExpression(v, self.Expression) }

func (self *ForInStatement) walkChildren(v Visitor) {
	if self.Into != nil {
		Walk(v, self.Into)
	}
	walkExpression(v, self.Source)
	walkStatement(v, self.Body)
}

func (self *ForOfStatement) walkChildren(v Visitor) {
	if self.Into != nil {
		Walk(v, self.Into)
	}
	walkExpression(v, self.Source)
	walkStatement(v, self.Body)
}

func (self *ForStatement) walkChildren(v Visitor) {
	if self.Initializer != nil {
		Walk(v, self.Initializer)
	}
	walkExpression(v, self.Test)
	walkExpression(v, self.Update)
	walkStatement(v, self.Body)
}

func (self *IfStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Test)
	walkStatement(v, self.Consequent)
	walkStatement(v, self.Alternate)
}

func (self *LabelledStatement) walkChildren(v Visitor) {
	walkIdentifier(v, self.Label)
	walkStatement(v, self.Statement)
}

func (self *ReturnStatement) walkChildren(v Visitor) { walkExpression(v, self.Argument) }

func (self *SwitchStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Discriminant)
	for _, c := range self.Body {
		Walk(v, c)
	}
}

func (self *ThrowStatement) walkChildren(v Visitor) { walkExpression(v, self.Argument) }

func (self *TryStatement) walkChildren(v Visitor) {
	walkBlock(v, self.Body)
	if self.Catch != nil {
		Walk(v, self.Catch)
	}
	walkBlock(v, self.Finally)
}

func (self *VariableStatement) walkChildren(v Visitor)  { walkBindings(v, self.List) }
func (self *LexicalDeclaration) walkChildren(v Visitor) { walkBindings(v, self.List) }

func (self *WhileStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Test)
	walkStatement(v, self.Body)
}

func (self *WithStatement) walkChildren(v Visitor) {
	walkExpression(v, self.Object)
	walkStatement(v, self.Body)
}

func (self *FunctionDeclaration) walkChildren(v Visitor) {
	if self.Function != nil {
		Walk(v, self.Function)
	}
}

func (self *ClassDeclaration) walkChildren(v Visitor) {
	if self.Class != nil {
		Walk(v, self.Class)
	}
}

// =========== //
// Declaration //
// =========== //

func (self *VariableDeclaration) walkChildren(v Visitor) { walkBindings(v, self.List) }

func (self *FieldDefinition) walkChildren(v Visitor) {
	walkExpression(v, self.Key)
	walkExpression(v, self.Initializer)
}

func (self *MethodDefinition) walkChildren(v Visitor) {
	walkExpression(v, self.Key)
	if self.Body != nil {
		Walk(v, self.Body)
	}
}

func (self *ClassStaticBlock) walkChildren(v Visitor) { walkBlock(v, self.Block) }

func (self *ForLoopInitializerExpression) walkChildren(v Visitor) {
	walkExpression(v, self.Expression)
}

func (self *ForLoopInitializerVarDeclList) walkChildren(v Visitor) { walkBindings(v, self.List) }

func (self *ForLoopInitializerLexicalDecl) walkChildren(v Visitor) {
	Walk(v, &self.LexicalDeclaration)
}

func (self *ForIntoVar) walkChildren(v Visitor) {
	if self.Binding != nil {
		Walk(v, self.Binding)
	}
}

func (self *ForDeclaration) walkChildren(v Visitor) { walkExpression(v, self.Target) }

func (self *ForIntoExpression) walkChildren(v Visitor) { walkExpression(v, self.Expression) }

// ==== //
// Node //
// ==== //

func (self *Program) walkChildren(v Visitor) { walkStatements(v, self.Body) }
