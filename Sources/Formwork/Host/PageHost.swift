import Foundation

/// Everything a page needs from the app around it. Pages run on the main actor, so the
/// navigation, presentation and routing protocols are main-actor isolated; the transport is
/// `Sendable` and may run anywhere.
@MainActor
public struct PageHost {
    /// Shows pushed pages and native routes, and takes pages away.
    public var navigator: (any PageNavigator)?
    /// Pickers, confirmations, alerts and toasts.
    public var presenter: any PagePresenter
    /// Sends the `api` action's requests. Without one, `api` fails with a clear error.
    public var transport: (any PageTransport)?
    /// Receives `route` events such as `app://open?target=LikeService&action=like`.
    public var router: (any PageRouter)?
    /// What `now()` and time stamps read.
    public var clock: any PageClock
    /// The zone `date()` uses when none is given.
    public var timeZone: TimeZone
    /// The person's preferred languages, most preferred first, as BCP 47 tags (`["de-CH", "en"]`).
    /// Pages show their texts in the first of these they have, and format numbers, money and dates
    /// for the first (`$page.locale`); with none, in the page's default language.
    ///
    /// Nil (the default) leaves it to the engine (`PageEngine.languages`): from behaviour level 2
    /// the person's (`Locale.preferredLanguages`); at level 1, as before, none.
    public var languages: [String]?
    /// Called with warnings found while opening a page (an unknown component dropped, …) and with
    /// failures no error handler took, for logging or analytics.
    ///
    /// Reporting a failure doesn't replace what the person sees: an unhandled failure still shows
    /// the "Something went wrong" alert unless `alertsUnhandledFailures` is false.
    public var report: (@MainActor (PageReport) -> Void)?
    /// Whether a failure no error handler took shows an alert "Something went wrong" with
    /// `$error.message` (true by default). Set it to false when the app shows such failures itself
    /// from `report`.
    public var alertsUnhandledFailures: Bool
    /// Where new `Idempotency-Key`s come from (random UUIDs unless set): one per submission of an
    /// `api` write, sent again with each retry of it (Grammar.md, 2.19).
    public var idempotencyKeys: IdempotencyKeySource = .uuid
    /// Presents the picker of a `file` input (camera, photo library, files) and hands the chosen
    /// files back by URL. Nil (the default): tapping a `file` input picks nothing. Set it after
    /// `init` (`host.filePicker = FolderFilePicker(folder: fixtures)` in a headless host).
    public var filePicker: (any PageFilePicker)? = nil

    /// A host; leave out what the pages don't use: with no navigator `push` fails, with no
    /// transport `api` fails, with no router `route` fails, and the silent presenter cancels
    /// pickers and confirmations.
    public init(
        navigator: (any PageNavigator)? = nil, presenter: any PagePresenter = SilentPresenter(),
        transport: (any PageTransport)? = nil, router: (any PageRouter)? = nil,
        clock: any PageClock = SystemClock(), timeZone: TimeZone = .current, languages: [String]? = nil,
        report: (@MainActor (PageReport) -> Void)? = nil, alertsUnhandledFailures: Bool = true
    ) {
        self.navigator = navigator
        self.presenter = presenter
        self.transport = transport
        self.router = router
        self.clock = clock
        self.timeZone = timeZone
        self.languages = languages
        self.report = report
        self.alertsUnhandledFailures = alertsUnhandledFailures
    }
}

/// Something the engine tells the host about: a warning while opening, or an unhandled failure.
public enum PageReport: Sendable {
    /// A problem the engine found while opening or running a page: an attribute that can't be
    /// computed, a warning from decoding. The page goes on.
    case diagnostic(PageDiagnostic)
    /// A chain failed and no `onError` handler took it. The value is `$error`.
    case unhandledFailure(page: String, error: PageValue)
}
