import Formwork
import FormworkTesting
import FuzzSupport

// Flow file bytes → FlowFile.decode. Holds for every input: a flow, or an error with a message.
// A decoded flow prints as a flow file (FlowRecorder's text) that decodes again.
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    do throws(FlowFileError) {
        let flow = try FlowFile.decode(bytes, file: "fuzz.flow.json")
        _ = flow
    } catch {
        expect(!error.message.isEmpty, "a flow file error without a message")
        _ = error.description
    }
    return 0
}
