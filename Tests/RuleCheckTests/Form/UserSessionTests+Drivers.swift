import RuleCheck

extension UserSessionTests {
    /// The steps of on to the drivers page: a driver added and filled in.
    static let driversSteps: [Step] = [
        Step(
            name: "next to drivers", action: { try $0.nextPage() },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 0"
                """),
        Step(
            name: "add a driver", action: { try $0.append("drivers") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: ""
                  drivers[0].driver.last_name: ""
                  drivers[0].driver.first_name: ""
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: ""
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: ""
                  drivers[0].license_date: ""
                """),
        Step(
            name: "driver's last name", action: { try $0.type("drivers[0].driver.last_name", text: "Петрова") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: ""
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: ""
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: ""
                  drivers[0].license_date: ""
                """),
        Step(
            name: "driver's first name", action: { try $0.type("drivers[0].driver.first_name", text: "Анна") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: ""
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: ""
                  drivers[0].license_date: ""
                """),
        Step(
            name: "driver's birth date", action: { try $0.type("drivers[0].driver.birth_date", text: "12031990") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: "12.03.1990"
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: ""
                  drivers[0].license_date: ""
                """),
        Step(
            name: "driver's licence", action: { try $0.type("drivers[0].license_number", text: "7712345678") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: "12.03.1990"
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: "77 12 345678"
                  drivers[0].license_date: ""
                """),
        Step(
            name: "on to the licence date", action: { try $0.focus("drivers[0].license_date") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: "12.03.1990"
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: "77 12 345678"
                  drivers[0].license_date: ""
                """),
        Step(
            name: "licence issued too early", action: { try $0.type("drivers[0].license_date", text: "01.01.2005") },
            screen: """
                page 3/6 Drivers · next off · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: "12.03.1990"
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: "77 12 345678"
                  drivers[0].license_date: "01.01.2005"
                    ! Licence issued must be on or after 12.03.2006
                """),
        Step(
            name: "licence issued later", action: { try $0.type("drivers[0].license_date", text: "01.06.2010") },
            screen: """
                page 3/6 Drivers · next on · submit off
                  unlimited_drivers: "No"
                  drivers: "Items: 1"
                  drivers[0].driver: "Петрова Анна"
                  drivers[0].driver.last_name: "Петрова"
                  drivers[0].driver.first_name: "Анна"
                  drivers[0].driver.middle_name: ""
                  drivers[0].driver.birth_date: "12.03.1990"
                  drivers[0].driver.phone: ""
                  drivers[0].driver.email: ""
                  drivers[0].license_number: "77 12 345678"
                  drivers[0].license_date: "01.06.2010"
                """),
    ]
}
