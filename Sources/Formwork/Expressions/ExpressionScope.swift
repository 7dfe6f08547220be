import Foundation

/// What an expression can see when it is evaluated: the three stores and the chain-local values.
///
/// Scopes are values: build one per evaluation, or derive one with `with…` methods. A variable
/// that isn't bound in the current context reads as null.
///
/// ```swift
/// let scope = ExpressionScope(data: ["price": 12.5, "qty": 2])
/// try CompiledExpression("$data.price * $data.qty").evaluate(in: scope)   // 25
/// ```
///
/// NB: a scope is built for every evaluation, so it holds the variables and one reference to
/// what rarely changes (`clock`, `timeZone`, `limits`, `locale`), shared by every scope built
/// with the same: building one copies no budgets, takes no lock and builds no locale.
public struct ExpressionScope: Sendable {
    /// `$data`: the page's own state.
    public var data: PageValue
    /// `$global`: state shared by every page of the app.
    public var global: PageValue
    /// `$param`: read-only input from whoever opened the page.
    public var param: PageValue
    /// `$computed`: the page's computed values, by name.
    public var computed: PageValue = .null
    /// `$page`: the page's own state (`busy`, `running`, `requests`), kept by the engine.
    public var page: PageValue = .null
    /// `$result`: the previous action's output in a chain.
    public var result: PageValue = .null
    /// `$event`: the payload of the event that started a chain.
    public var event: PageValue = .null
    /// `$error`: the failure an error handler is handling.
    public var error: PageValue = .null
    /// `$value`: the value under validation.
    public var value: PageValue = .null
    /// `$item` and `$index`: the element and position inside a repeated component.
    public var item: PageValue = .null
    /// `$index`: the position inside a repeated component.
    public var index: PageValue = .null
    /// `$state`: inside a block's components, the state of the instances around the component, by
    /// instance name (`{"shipping": {"open": true}}`); a block's `$state.open` reads its own.
    public var state: PageValue = .null
    /// The clock, time zone, budgets and locale, shared between scopes (see `ScopeSettings`).
    var settings: ScopeSettings

    /// What `now()` reads.
    public var clock: any PageClock {
        get { settings.clock }
        set { settings = settings.with(clock: newValue) }
    }
    /// The time zone `date()` uses when it isn't given one.
    public var timeZone: TimeZone {
        get { settings.timeZone }
        set { settings = settings.with(timeZone: newValue) }
    }
    /// The person's languages and the page's texts: what `text()` and the formatting functions read.
    public var locale: PageLocale {
        get { settings.locale }
        set { settings = settings.with(locale: newValue) }
    }
    /// Set while the compiler folds a call with constant arguments: a function with a budget of its
    /// own (`matches()` and `regexSteps`) keeps to the smaller folding budget instead, so a hostile
    /// constant costs `check` milliseconds and is left to run time.
    var isFoldingConstants: Bool {
        get { settings.isFoldingConstants }
        set { settings = settings.with(isFoldingConstants: newValue) }
    }
    /// The budgets an evaluation runs within (`evaluationSteps`, `evaluationBytes`, and the
    /// `valueDepth` and `valueBytes` of what it gives).
    public var limits: PageLimits {
        get { settings.limits }
        set { settings = settings.with(limits: newValue) }
    }

    /// A scope over the three stores, reading the time from `clock` in `timeZone`, evaluating within `limits`.
    public init(
        data: PageValue = .null, global: PageValue = .null, param: PageValue = .null,
        clock: any PageClock = SystemClock(), timeZone: TimeZone = .current, limits: PageLimits = .standard
    ) {
        self.init(data: data, global: global, param: param, settings: ScopeSettings(clock: clock, timeZone: timeZone, limits: limits))
    }

    /// A scope over the three stores, reading the device's clock in the device's time zone
    /// (following it when it changes), evaluating within `PageLimits.standard`.
    ///
    /// The same as the initializer with `clock`, `timeZone` and `limits`, left to their defaults,
    /// but cheaper: every scope built this way shares one `ScopeSettings`.
    public init(data: PageValue = .null, global: PageValue = .null, param: PageValue = .null) {
        self.init(data: data, global: global, param: param, settings: .standard)
    }

    /// A scope over the three stores with `settings` (the engine keeps one per page).
    @inline(__always)
    init(data: PageValue, global: PageValue, param: PageValue, settings: ScopeSettings) {
        self.data = data
        self.global = global
        self.param = param
        self.settings = settings
    }

    /// A scope with every variable given, built at once (what a page builds for each evaluation).
    @inline(__always)
    init(data: PageValue, global: PageValue, param: PageValue, computed: PageValue, page: PageValue,
         item: PageValue, index: PageValue, value: PageValue, state: PageValue, settings: ScopeSettings) {
        self.data = data
        self.global = global
        self.param = param
        self.computed = computed
        self.page = page
        self.item = item
        self.index = index
        self.value = value
        self.state = state
        self.settings = settings
    }

    /// The value of a `$name` variable.
    @inline(__always)
    func read(_ variable: ScopeVariable) -> PageValue {
        switch variable {
        case .data: return data
        case .computed: return computed
        case .global: return global
        case .param: return param
        case .page: return page
        case .result: return result
        case .event: return event
        case .error: return error
        case .value: return value
        case .item: return item
        case .index: return index
        case .state: return state
        }
    }
}

/// What a scope carries besides its variables, and rarely changes: the clock, the time zone, the
/// budgets and the locale. Immutable and shared: the scopes of a page hold one reference to the
/// same settings, and setting one of these on a scope gives it settings of its own.
final class ScopeSettings: Sendable {
    let clock: any PageClock
    let timeZone: TimeZone
    let limits: PageLimits
    let locale: PageLocale
    let isFoldingConstants: Bool

    init(clock: any PageClock, timeZone: TimeZone, limits: PageLimits, locale: PageLocale = .standard, isFoldingConstants: Bool = false) {
        self.clock = clock
        self.timeZone = timeZone
        self.limits = limits
        self.locale = locale
        self.isFoldingConstants = isFoldingConstants
    }

    /// The device's clock and time zone (following it), the standard budgets, no languages, no texts.
    static let standard = ScopeSettings(clock: SystemClock(), timeZone: .autoupdatingCurrent, limits: .standard)

    func with(clock: (any PageClock)? = nil, timeZone: TimeZone? = nil, limits: PageLimits? = nil, locale: PageLocale? = nil, isFoldingConstants: Bool? = nil) -> ScopeSettings {
        ScopeSettings(clock: clock ?? self.clock, timeZone: timeZone ?? self.timeZone, limits: limits ?? self.limits,
                      locale: locale ?? self.locale, isFoldingConstants: isFoldingConstants ?? self.isFoldingConstants)
    }
}

/// The `$` variables of the language.
enum ScopeVariable: String, CaseIterable, Sendable {
    case data, computed, global, param, page, result, event, error, value, item, index, state

    /// The store this variable reads, when it is one.
    var storeRoot: StorePath.Root? {
        switch self {
        case .data: return .data
        case .computed: return .computed
        case .global: return .global
        case .param: return .param
        case .page: return .page
        case .state: return .state
        default: return nil
        }
    }
}
