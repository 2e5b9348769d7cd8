extension APISampleInput {
    /// A sample read from a parsed body without Codable (a sync batch's samples: decision 0032), with the fields,
    /// the defaults and the messages of its `Decodable` reading.
    /// - Parameter path: Where the sample is in the body (`samples[3]`).
    /// - Throws: ``APIError`` 400 naming the field.
    init(json: JSONValue, path: String) throws(APIError) {
        let fields = try JSONFields(json, path: path)
        uuid = try fields.optionalString("uuid")
        type = try fields.string("type")
        startDate = try fields.string("startDate")
        endDate = try fields.optionalString("endDate")
        quantity = try fields.optionalObject("quantity").map { (quantity: JSONFields) throws(APIError) in
            QuantityInput(value: try quantity.double("value"), unit: try quantity.string("unit"))
        }
        value = try fields.optionalInt("value")
        objects = try fields.optionalArray("objects").map { (elements: [JSONValue]) throws(APIError) in
            var objects: [APISampleInput] = []
            for (index, element) in elements.enumerated() {
                objects.append(try APISampleInput(json: element, path: "\(fields.path(of: "objects"))[\(index)]"))
            }
            return objects
        }
        activityType = try fields.optionalString("activityType")
        events = try fields.optionalArray("events").map { (elements: [JSONValue]) throws(APIError) in
            var events: [EventInput] = []
            for (index, element) in elements.enumerated() {
                let event = try JSONFields(element, path: "\(fields.path(of: "events"))[\(index)]")
                events.append(
                    EventInput(
                        type: try event.string("type"), startDate: try event.string("startDate"),
                        endDate: try event.optionalString("endDate")))
            }
            return events
        }
        device = try fields.optionalObject("device").map { (device: JSONFields) throws(APIError) in
            DeviceInput(
                name: try device.optionalString("name"), manufacturer: try device.optionalString("manufacturer"),
                model: try device.optionalString("model"),
                hardwareVersion: try device.optionalString("hardwareVersion"),
                firmwareVersion: try device.optionalString("firmwareVersion"),
                softwareVersion: try device.optionalString("softwareVersion"),
                localIdentifier: try device.optionalString("localIdentifier"),
                udiDeviceIdentifier: try device.optionalString("udiDeviceIdentifier"))
        }
        metadata = try fields.optionalMembers("metadata")
        source = try fields.optionalObject("source").map { (source: JSONFields) throws(APIError) in
            SourceInput(
                name: try source.string("name"), bundleIdentifier: try source.string("bundleIdentifier"),
                version: try source.optionalString("version"), productType: try source.optionalString("productType"),
                operatingSystemVersion: try source.optionalString("operatingSystemVersion"))
        }
    }
}
