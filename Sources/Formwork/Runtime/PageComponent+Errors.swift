/// The message shown under a component: its first failing validation's, or one the server sent.
extension PageComponent {
    /// Shows `message` (nil clears it) and tells observers when it changed.
    func showError(_ message: String?, fromServer: Bool) {
        let changed = message != validationError
        validationError = message
        errorIsFromServer = message != nil && fromServer
        if changed { notify(PageComponentChange(attributes: [], childrenChanged: false, validationChanged: true)) }
    }
}
