import { Composer, type Middleware, type MiddlewareFn, type NextFunction } from 'grammy';
import type { BotContext } from './context.js';

type Predicate = (ctx: BotContext) => boolean | Promise<boolean>;

function asFunction(middleware: Middleware<BotContext>): MiddlewareFn<BotContext> {
  // A composer is read at each update, as grammY does: handlers added to it after this still run.
  return typeof middleware === 'function' ? middleware : (ctx, next) => middleware.middleware()(ctx, next);
}

/**
 * grammY's Composer with the same methods and behaviour, built for a bot whose every update passes
 * every feature's handlers. grammY chains each `use` into two async functions and a closure per update
 * and layer, and decides each filter (`on`, `command`, `callbackQuery`, `hears`, `filter`… all go
 * through `branch`) by building a Composer per update; together a quarter of what the bot allocated
 * per answer. Here the layers are a list walked by index, and filters call the handler they have.
 */
export class BotComposer extends Composer<BotContext> {
  private readonly layers: MiddlewareFn<BotContext>[];
  private readonly runLayers: MiddlewareFn<BotContext>;

  constructor(...middleware: Middleware<BotContext>[]) {
    super();
    const layers = middleware.map(asFunction);
    this.layers = layers;
    // Layers added later (use) are in the same list, so they run too.
    this.runLayers = (ctx: BotContext, next: NextFunction) => {
      let calledUpTo = -1;
      const dispatch = (index: number): Promise<void> => {
        if (index <= calledUpTo) return Promise.reject(new Error('`next` already called before!'));
        calledUpTo = index;
        const layer = layers[index];
        if (!layer) return next();
        try {
          // What a layer resolves to is never read: no promise added to drop it.
          return Promise.resolve(layer(ctx, () => dispatch(index + 1))) as Promise<void>;
        } catch (error) {
          return Promise.reject(error);
        }
      };
      return dispatch(0);
    };
  }

  override middleware(): MiddlewareFn<BotContext> {
    return this.runLayers;
  }

  override use(...middleware: Middleware<BotContext>[]): Composer<BotContext> {
    const composer = new BotComposer(...middleware);
    this.layers.push(composer.middleware());
    return composer;
  }

  override branch(predicate: Predicate, trueMiddleware: Middleware<BotContext>, falseMiddleware: Middleware<BotContext>): Composer<BotContext> {
    const onTrue = asFunction(trueMiddleware);
    const onFalse = asFunction(falseMiddleware);
    return this.use((ctx, next) => {
      const decided = predicate(ctx);
      if (typeof decided === 'boolean') return decided ? onTrue(ctx, next) : onFalse(ctx, next);
      return decided.then((matches) => (matches ? onTrue(ctx, next) : onFalse(ctx, next)));
    });
  }
}
