import RuleCheck

extension UserSessionTests {
    /// The steps of on to the vehicle page.
    static let vehicleSteps: [Step] = [
        Step(
            name: "next", action: { try $0.nextPage() },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: ""
                  model: "" (disabled)
                  vehicle_year: ""
                  vin: ""
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "choose the make", action: { try $0.set("make", to: "kia") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: ""
                  vehicle_year: ""
                  vin: ""
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "choose the model", action: { try $0.set("model", to: "kia_rio") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: ""
                  vin: ""
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "type the year", action: { try $0.type("vehicle_year", text: "2020") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: ""
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "on to the VIN", action: { try $0.focus("vin") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: ""
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            // A beginning of a VIN: its pattern's message waits until the field is left.
            name: "type a VIN one short", action: { try $0.type("vin", text: "XTA2109904351234") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA2109904351234"
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "type the whole VIN", action: { try $0.type("vin", text: "XTA21099043512345") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: ""
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "type the plate in lower case", action: { try $0.type("plate", text: "а123вс777") },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: "А 123 ВС 777"
                  price: ""
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "type the price", action: { try $0.type("price", text: "1500000") },
            screen: """
                page 2/6 Vehicle · next on · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: "А 123 ВС 777"
                  price: "1500000"
                  mileage: ""
                  has_alarm: "No"
                """),
        Step(
            name: "it has an alarm", action: { try $0.set("has_alarm", to: true) },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: "А 123 ВС 777"
                  price: "1500000"
                  mileage: ""
                  has_alarm: "Yes"
                  alarm_model: ""
                """),
        Step(
            name: "next, alarm model missing", action: { try $0.nextPage() },
            screen: """
                page 2/6 Vehicle · next off · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: "А 123 ВС 777"
                  price: "1500000"
                  mileage: ""
                  has_alarm: "Yes"
                  alarm_model: ""
                    ! Alarm model is required
                """),
        Step(
            name: "type the alarm", action: { try $0.type("alarm_model", text: "StarLine A93") },
            screen: """
                page 2/6 Vehicle · next on · submit off
                  make: "Kia"
                  model: "Rio"
                  vehicle_year: "2020"
                  vin: "XTA21099043512345"
                  no_plate_yet: "No"
                  plate: "А 123 ВС 777"
                  price: "1500000"
                  mileage: ""
                  has_alarm: "Yes"
                  alarm_model: "StarLine A93"
                """),
    ]
}
