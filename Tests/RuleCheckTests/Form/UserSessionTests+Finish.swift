import RuleCheck

extension UserSessionTests {
    /// The steps of coverage, documents, confirm, submit.
    static let finishSteps: [Step] = [
        Step(
            name: "next to coverage", action: { try $0.nextPage() },
            screen: """
                page 4/6 Coverage · next off · submit off
                  plan: ""
                  deductible: "0"
                  start_date: ""
                  term_months: "12"
                """),
        Step(
            name: "choose full cover", action: { try $0.set("plan", to: "full") },
            screen: """
                page 4/6 Coverage · next off · submit off
                  plan: "Damage and theft"
                  deductible: "0"
                  gap: ""
                  start_date: ""
                  term_months: "12"
                """),
        Step(
            name: "type the start date", action: { try $0.type("start_date", text: "01.12.2026") },
            screen: """
                page 4/6 Coverage · next on · submit off
                  plan: "Damage and theft"
                  deductible: "0"
                  gap: ""
                  start_date: "01.12.2026"
                  term_months: "12"
                """),
        Step(
            name: "next to documents", action: { try $0.nextPage() },
            screen: """
                page 5/6 Documents · next off · submit off
                  passport_scan: ""
                  registration_scan: ""
                  photos: ""
                """),
        Step(
            name: "attach the passport",
            action: {
                try $0.set("passport_scan", to: .files([FileInfo(name: "passport.pdf", size: 900_000, mediaType: "application/pdf")]))
            },
            screen: """
                page 5/6 Documents · next off · submit off
                  passport_scan: "passport.pdf"
                  registration_scan: ""
                  photos: ""
                """),
        Step(
            name: "attach the registration",
            action: {
                try $0.set("registration_scan", to: .files([FileInfo(name: "sts.pdf", size: 700_000, mediaType: "application/pdf")]))
            },
            screen: """
                page 5/6 Documents · next off · submit off
                  passport_scan: "passport.pdf"
                  registration_scan: "sts.pdf"
                  photos: ""
                """),
        Step(
            name: "attach three photos and a video",
            action: {
                try $0.set(
                    "photos",
                    to: .files([
                        photo("front.jpg"), photo("back.jpg"), photo("left.jpg"),
                        FileInfo(name: "right.mov", size: 40_000_000, mediaType: "video/quicktime"),
                    ]))
            },
            screen: """
                page 5/6 Documents · next off · submit off
                  passport_scan: "passport.pdf"
                  registration_scan: "sts.pdf"
                  photos: "front.jpg, back.jpg, left.jpg, right.mov"
                """),
        Step(
            name: "next, the photos are wrong", action: { try $0.nextPage() },
            screen: """
                page 5/6 Documents · next off · submit off
                  passport_scan: "passport.pdf"
                  registration_scan: "sts.pdf"
                  photos: "front.jpg, back.jpg, left.jpg, right.mov"
                    ! Photos of the car (four sides): 'right.mov' is larger than 15 MB
                    ! Photos of the car (four sides): 'right.mov' is not of a type allowed (image/jpeg, image/png, image/heic)
                """),
        Step(
            name: "attach four photos",
            action: { try $0.set("photos", to: .files([photo("front.jpg"), photo("back.jpg"), photo("left.jpg"), photo("right.jpg")])) },
            screen: """
                page 5/6 Documents · next on · submit off
                  passport_scan: "passport.pdf"
                  registration_scan: "sts.pdf"
                  photos: "front.jpg, back.jpg, left.jpg, right.jpg"
                """),
        Step(
            name: "next to confirm", action: { try $0.nextPage() },
            screen: """
                page 6/6 Confirm · next off · submit off
                  promo_code: ""
                  comments: ""
                  accept_terms: ""
                """),
        Step(
            name: "type a promo code", action: { try $0.type("promo_code", text: "kasko2026") },
            screen: """
                page 6/6 Confirm · next off · submit off
                  promo_code: "kask-2026"
                  comments: ""
                  accept_terms: ""
                """),
        Step(
            name: "submit without accepting", action: { $0.touchAll() },
            screen: """
                page 6/6 Confirm · next off · submit off
                  promo_code: "kask-2026"
                  comments: ""
                  accept_terms: ""
                    ! I accept the terms of the policy is required
                """),
        Step(
            name: "accept the terms", action: { try $0.set("accept_terms", to: true) },
            screen: """
                page 6/6 Confirm · next on · submit on
                  promo_code: "kask-2026"
                  comments: ""
                  accept_terms: "Yes"
                """),
        Step(
            name: "back to documents", action: { try $0.previousPage() },
            screen: """
                page 5/6 Documents · next on · submit on
                  passport_scan: "passport.pdf"
                  registration_scan: "sts.pdf"
                  photos: "front.jpg, back.jpg, left.jpg, right.jpg"
                """),
    ]
}
