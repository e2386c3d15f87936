import RuleCheck

extension UserSessionTests {
    /// The steps of the first page: the policyholder and the home address.
    static let policyholderSteps: [Step] = [
        Step(
            name: "open", action: { _ in ChangeSet() },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: ""
                  holder.last_name: ""
                  holder.first_name: ""
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "focus last name", action: { try $0.focus("holder.last_name") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: ""
                  holder.last_name: ""
                  holder.first_name: ""
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type last name", action: { try $0.type("holder.last_name", text: "Иванов") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов"
                  holder.last_name: "Иванов"
                  holder.first_name: ""
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "on to first name", action: { try $0.focus("holder.first_name") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов"
                  holder.last_name: "Иванов"
                  holder.first_name: ""
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type first name", action: { try $0.type("holder.first_name", text: "Иван") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "on to birth date", action: { try $0.focus("holder.birth_date") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: ""
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type part of the birth date", action: { try $0.type("holder.birth_date", text: "0105", caret: 4) },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05"
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "leave the birth date half typed", action: { try $0.blur("holder.birth_date") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05"
                    ! Date of birth: '01.05' is not a date (dd.MM.yyyy)
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "finish the birth date", action: { try $0.type("holder.birth_date", text: "01.05.1985") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: ""
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type a phone with 8", action: { try $0.type("holder.phone", text: "89161234567") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                  home_address.city: "" (disabled)
                  home_address.street: "" (disabled)
                  home_address.house: ""
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "next, too early", action: { try $0.nextPage() },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: ""
                  home_address.region: ""
                    ! Region is required
                  home_address.city: "" (disabled)
                    ! City is required
                  home_address.street: "" (disabled)
                    ! Street is required
                  home_address.house: ""
                    ! House is required
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "choose the region", action: { try $0.set("home_address.region", to: "moscow") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow"
                  home_address.region: "Moscow"
                  home_address.city: ""
                    ! City is required
                  home_address.street: "" (disabled)
                    ! Street is required
                  home_address.house: ""
                    ! House is required
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type the city", action: { try $0.type("home_address.city", text: "Москва") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: ""
                    ! Street is required
                  home_address.house: ""
                    ! House is required
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type the street", action: { try $0.type("home_address.street", text: "Тверская") },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва Тверская"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: "Тверская"
                  home_address.house: ""
                    ! House is required
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type the house", action: { try $0.type("home_address.house", text: "1") },
            screen: """
                page 1/6 Policyholder · next on · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва Тверская 1"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: "Тверская"
                  home_address.house: "1"
                  home_address.flat: ""
                  home_address.postcode: ""
                  work_same: "Yes"
                """),
        Step(
            name: "type a postcode in Persian digits", action: { try $0.type("home_address.postcode", text: "۱۰۱۰۰۰") },
            screen: """
                page 1/6 Policyholder · next on · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва Тверская 1 101000"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: "Тверская"
                  home_address.house: "1"
                  home_address.flat: ""
                  home_address.postcode: "101000"
                  work_same: "Yes"
                """),
        Step(
            name: "work elsewhere", action: { try $0.set("work_same", to: false) },
            screen: """
                page 1/6 Policyholder · next off · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва Тверская 1 101000"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: "Тверская"
                  home_address.house: "1"
                  home_address.flat: ""
                  home_address.postcode: "101000"
                  work_same: "No"
                  work_address: ""
                  work_address.region: ""
                  work_address.city: "" (disabled)
                  work_address.street: "" (disabled)
                  work_address.house: ""
                  work_address.flat: ""
                  work_address.postcode: ""
                """),
        Step(
            name: "same after all", action: { try $0.set("work_same", to: true) },
            screen: """
                page 1/6 Policyholder · next on · submit off
                  holder: "Иванов Иван"
                  holder.last_name: "Иванов"
                  holder.first_name: "Иван"
                  holder.middle_name: ""
                  holder.birth_date: "01.05.1985"
                  holder.phone: "8 (916) 123-45-67"
                  holder.email: ""
                  home_address: "Moscow Москва Тверская 1 101000"
                  home_address.region: "Moscow"
                  home_address.city: "Москва"
                  home_address.street: "Тверская"
                  home_address.house: "1"
                  home_address.flat: ""
                  home_address.postcode: "101000"
                  work_same: "Yes"
                """),
    ]
}
