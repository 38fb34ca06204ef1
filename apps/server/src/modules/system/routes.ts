import { api, LANGUAGES } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function systemRoutes({ app, config, services, demoWallet }: AppContext): void {
  defineRoute(app, api.health, () => services.system.health())

  // What the web app needs to know before anyone signs in. Nothing secret.
  defineRoute(app, api.config, async () => ({
    telegram_login: {
      enabled: config.telegramBotToken !== null,
      bot_username: config.telegramBotToken ? config.telegramBotUsername : null,
      // Public by design: Telegram's login page takes it in the URL. The secret part stays here.
      bot_id: config.telegramBotToken ? Number(config.telegramBotToken.split(':')[0]) : null,
    },
    demo_wallet: demoWallet !== null,
    languages: [...LANGUAGES],
    usdc_mint: services.payments.usdc.mint,
    usdc_accepted: services.payments.usdc.mint !== null && services.payments.usdc.accepted,
  }))
}
