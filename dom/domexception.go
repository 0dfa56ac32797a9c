package dom

// DOMException is an error the DOM standard names ("NotFoundError", "HierarchyRequestError", ...).
// The bindings throw it as a JS DOMException.
// https://webidl.spec.whatwg.org/#idl-DOMException
type DOMException struct {
	Name    string
	Message string
}

func (e *DOMException) Error() string { return e.Name + ": " + e.Message }

func domErr(name, msg string) error { return &DOMException{Name: name, Message: msg} }

// domExceptionCode returns the legacy code value of a DOMException name.
func domExceptionCode(name string) int {
	switch name {
	case "IndexSizeError":
		return 1
	case "HierarchyRequestError":
		return 3
	case "WrongDocumentError":
		return 4
	case "InvalidCharacterError":
		return 5
	case "NoModificationAllowedError":
		return 7
	case "NotFoundError":
		return 8
	case "NotSupportedError":
		return 9
	case "InUseAttributeError":
		return 10
	case "InvalidStateError":
		return 11
	case "SyntaxError":
		return 12
	case "InvalidModificationError":
		return 13
	case "NamespaceError":
		return 14
	case "InvalidAccessError":
		return 15
	case "TypeMismatchError":
		return 17
	case "SecurityError":
		return 18
	case "NetworkError":
		return 19
	case "AbortError":
		return 20
	case "URLMismatchError":
		return 21
	case "QuotaExceededError":
		return 22
	case "TimeoutError":
		return 23
	case "InvalidNodeTypeError":
		return 24
	case "DataCloneError":
		return 25
	}
	return 0
}
