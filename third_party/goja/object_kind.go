package goja

// InternalKind names the built-in kind of object o is, by the internal slots the
// specification's abstract operations tell objects apart with: "Map" ([[MapData]]), "Set"
// ([[SetData]]), "WeakMap", "WeakSet", "ArrayBuffer" ([[ArrayBufferData]]), "DataView"
// ([[DataView]]), "TypedArray" ([[TypedArrayName]]), "Promise" ([[PromiseState]]), "Date"
// ([[DateValue]]), "RegExp" ([[RegExpMatcher]]), "Error" ([[ErrorData]]), "Boolean",
// "Number", "String", "Symbol" or "BigInt" (a primitive wrapper: [[BooleanData]], ...),
// "Array" (an Array exotic object), "Proxy", "Function" (callable), or "" for any other
// object. Subclass instances have their base's kind; an object that only inherits from a
// built-in's prototype has none. It runs no script: no getter, no Proxy trap.
//
// Hosts need it for algorithms such as HTML's StructuredSerialize, which branch on internal
// slots, where Export or ExportType would convert or use reflection.
func (o *Object) InternalKind() string {
	switch self := o.self.(type) {
	case *mapObject:
		return "Map"
	case *setObject:
		return "Set"
	case *weakMapObject:
		return "WeakMap"
	case *weakSetObject:
		return "WeakSet"
	case *weakRefObject:
		return "WeakRef"
	case *arrayBufferObject:
		return "ArrayBuffer"
	case *dataViewObject:
		return "DataView"
	case *typedArrayObject:
		return "TypedArray"
	case *Promise:
		return "Promise"
	case *dateObject:
		return "Date"
	case *regexpObject:
		return "RegExp"
	case *errorObject:
		return "Error"
	case *arrayObject, *sparseArrayObject:
		return "Array"
	case *proxyObject:
		return "Proxy"
	case *stringObject:
		return "String"
	case *primitiveValueObject:
		switch self.pValue.(type) {
		case valueBool:
			return "Boolean"
		case valueInt, valueFloat:
			return "Number"
		case *Symbol:
			return "Symbol"
		case *valueBigInt:
			return "BigInt"
		case String:
			return "String"
		}
	}
	if _, ok := o.self.assertCallable(); ok {
		return "Function"
	}
	return ""
}
